// The header of the C module `os.log` on Linux: it declares nothing (see module.modulemap).
