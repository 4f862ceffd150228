import FolioCLI

FolioCommand.runAsProgram()
