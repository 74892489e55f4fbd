/*
 * test_ubsan_fatal.c -- the canary of the ASan+UBSan stage of
 * scripts/test.sh: in a build with UBSan (RIJN_SANITIZE=...,undefined),
 * passing NULL to memcpy, even with a length of 0 (glibc declares memcpy
 * nonnull), must abort the process. test_null_empty relies on it: if the
 * build ever lost -fno-sanitize-recover, UBSan would print its "runtime
 * error" and carry on, and (NULL, 0) bugs such as the one Poly1305 had
 * would pass unseen. A child process makes the call; it must not exit 0.
 * In a build without UBSan there is nothing to check: exit 77 (skipped,
 * and says so).
 */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Present only when the UBSan runtime is linked. */
extern void __ubsan_handle_nonnull_arg_abort(void *data) __attribute__((weak));
extern void __ubsan_handle_nonnull_arg(void *data) __attribute__((weak));

int main(void)
{
    static unsigned char dst[4];
    const void *volatile src = NULL;
    volatile size_t n = 0; /* a constant 0 would let the compiler drop the call */
    int status = 0;
    pid_t pid;
    if (__ubsan_handle_nonnull_arg_abort == NULL && __ubsan_handle_nonnull_arg == NULL) {
        printf("not a UBSan build: the canary applies to the sanitizer stage only (skipped)\n");
        return 77;
    }
    fflush(stdout);
    pid = fork();
    if (pid < 0) {
        perror("fork");
        return 1;
    }
    if (pid == 0) {
        memcpy(dst, (const void *)src, n); /* must abort here */
        _exit(0);
    }
    if (waitpid(pid, &status, 0) != pid) {
        perror("waitpid");
        return 1;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        printf("FAIL memcpy(dst, NULL, 0) survived under UBSan: nonnull violations are not "
               "fatal (-fno-sanitize-recover missing)\n0 passed, 1 failed\n");
        return 1;
    }
    printf("ok: memcpy(dst, NULL, 0) stopped the process under UBSan (the runtime error "
           "above is the canary)\n1 passed, 0 failed\n");
    return 0;
}
