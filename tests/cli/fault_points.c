/*
 * fault_points.c -- part of the LD_PRELOAD library of tests/cli/
 * fault_inject.c: arms the library's own test-only fault points in the
 * rijn CLI under test. RIJN_FAULT_POINT=N sets the program's
 * rijn_i_fault_at to N before main(), so that the N-th hash
 * init/update/final check reached fails (src/internal.h, RIJN_I_FAULT:
 * compiled only into scripts/coverage.sh's build, -DRIJN_TEST_FAULTS=ON)
 * and the CLI's messages for a failing key derivation, header MAC or
 * HMAC run. Used by tests/cli/test_cli_edges.py.
 *
 * Implementation notes: rijn links the library statically and exports no
 * symbols, so the variable is found by name in the .symtab of
 * /proc/self/exe (the coverage build is not stripped) and placed with the
 * main program's load bias (dl_iterate_phdr: the first object is the
 * program). A program without the symbol (any other build) exits 98 with
 * a message when RIJN_FAULT_POINT is set: the test asks first and says
 * which checks it could not run, never a silent pass. ELF64 only (the
 * hosts the coverage stage runs on).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int first_base(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    *(ElfW(Addr) *)data = info->dlpi_addr;
    return 1; /* the first object is the program itself */
}

/* st_value of the symbol name in the ELF64 image p (n bytes), or 0. */
static Elf64_Addr find_symbol(const unsigned char *p, size_t n, const char *name)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)p;
    const Elf64_Shdr *sh;
    size_t i, k;
    if (n < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
        eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shoff == 0 ||
        eh->e_shoff + (size_t)eh->e_shnum * sizeof *sh > n)
        return 0;
    sh = (const Elf64_Shdr *)(p + eh->e_shoff);
    for (i = 0; i < eh->e_shnum; i++) {
        const Elf64_Sym *sym;
        const char *str;
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum ||
            sh[i].sh_offset + sh[i].sh_size > n ||
            sh[sh[i].sh_link].sh_offset + sh[sh[i].sh_link].sh_size > n)
            continue;
        sym = (const Elf64_Sym *)(p + sh[i].sh_offset);
        str = (const char *)(p + sh[sh[i].sh_link].sh_offset);
        for (k = 0; k < sh[i].sh_size / sizeof *sym; k++)
            if (sym[k].st_name < sh[sh[i].sh_link].sh_size &&
                strcmp(str + sym[k].st_name, name) == 0 && sym[k].st_value != 0)
                return sym[k].st_value;
    }
    return 0;
}

static void say(const char *s)
{
    (void)!write(2, s, strlen(s));
}

__attribute__((constructor)) static void arm_fault_point(void)
{
    const char *env = getenv("RIJN_FAULT_POINT");
    struct stat st;
    unsigned char *p;
    Elf64_Addr at = 0;
    ElfW(Addr) base = 0;
    int fd;
    if (env == NULL)
        return;
    fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0) {
        p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            at = find_symbol(p, (size_t)st.st_size, "rijn_i_fault_at");
            munmap(p, (size_t)st.st_size);
        }
    }
    if (fd >= 0)
        close(fd);
    if (at == 0) {
        say("fault_points: rijn_i_fault_at is not in this program (a build without "
            "-DRIJN_TEST_FAULTS=ON)\n");
        _exit(98);
    }
    dl_iterate_phdr(first_base, &base);
    *(unsigned long *)(base + at) = strtoul(env, NULL, 10);
}
