/*
 * commands.h -- the list of rijn commands, one line each:
 *   CLI_COMMAND(name)   defines nothing by itself; cmd_<name>.c provides
 *                       `const cli_command cli_cmd_<name>`.
 * main.c includes this file twice: once to declare the objects, once to
 * build the dispatch table (in this order, which is the order of --help).
 * To add a command: write cli/cmd_<name>.c and add one line here.
 */
CLI_COMMAND(cipher)
CLI_COMMAND(selftest)
CLI_COMMAND(bench)
CLI_COMMAND(encrypt)
CLI_COMMAND(decrypt)
CLI_COMMAND(keygen)
CLI_COMMAND(aead)
CLI_COMMAND(mac)
CLI_COMMAND(hash)
CLI_COMMAND(pwhash)
