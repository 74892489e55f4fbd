/* placeholder entry point, replaced by the CLI work */
#include <stdio.h>
#include "rijn.h"
int main(void)
{
    printf("rijn %s\n", rijn_version());
    return 0;
}
