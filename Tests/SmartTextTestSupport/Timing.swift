#if canImport(Glibc)
    import Glibc
#endif

/// How many times slower code runs in this test process than in a plain debug build: 10 under
/// AddressSanitizer or ThreadSanitizer (whose runtimes are then linked in), else 1. Tests that bound
/// how long something takes multiply their bound by it, so a bound that catches a regression of
/// seconds in a debug build does not fail on a sanitizer's slowdown.
public let timingScale: Double = {
    for symbol in ["__asan_init", "__tsan_init"] where dlsym(nil, symbol) != nil { return 10 }
    return 1
}()
