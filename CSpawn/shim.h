// posix_spawn's glibc extensions the test suite's child processes need. glibc declares them only
// under _GNU_SOURCE, which Swift's Glibc module is not built with; these are the same prototypes
// (glibc 2.29 for addchdir, 2.34 for addclosefrom, 2.9 for pipe2). Only declarations.
#include <spawn.h>

/// In the child, closes every descriptor from `from` up before exec.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
/// In the child, changes the working directory to `path` before exec.
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);
/// pipe(2) with flags (O_CLOEXEC): the ends are never open without close-on-exec.
extern int pipe2(int fds[2], int flags);
