#ifndef SPAWN_ACTIONS_H
#define SPAWN_ACTIONS_H

#include <spawn.h>

/// Adds to `actions` the closing of every descriptor from `lowest` up, in the child before it
/// runs its program (glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc
/// module does not declare). Returns 0, or an errno value.
int spawn_actions_add_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Adds to `actions` a change of the child's working folder to `path` before it runs its
/// program (glibc's `posix_spawn_file_actions_addchdir_np`). Returns 0, or an errno value.
int spawn_actions_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

#endif
