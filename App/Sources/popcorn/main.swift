import PopcornApp

await PopcornCommandLine.run()
