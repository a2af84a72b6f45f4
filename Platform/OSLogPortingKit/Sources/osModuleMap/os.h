// The header of the C module `os` on Linux: it declares nothing (see module.modulemap).
