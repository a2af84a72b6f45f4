// The header of the C module `os.signpost` on Linux: it declares nothing (see module.modulemap).
