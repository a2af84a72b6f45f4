import PopcornApp

await Popcorn.runCommandLine()
