// `import OSLog` where Apple's OSLog does not exist (Linux). Apple's OSLog re-exports the
// `os` module, which declares `Logger`, `OSLog` and `os_log`: so does this one, and
// `os.Logger` names the same type after `import OSLog` as after `import os`.
@_exported import os
