// The smarttext-server command: flags are parsed and the service started by
// the SmartTextServer library; this file only hands over the arguments.
import SmartTextServer

#if canImport(Glibc)
    import Glibc
#endif

exit(SmartTextServerMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
