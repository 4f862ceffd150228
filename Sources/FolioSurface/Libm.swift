#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Free functions so the C library's names are not shadowed inside types that declare their own.
@usableFromInline func libmExp(_ x: Double) -> Double { exp(x) }
@usableFromInline func libmLog(_ x: Double) -> Double { log(x) }
@usableFromInline func libmAcos(_ x: Double) -> Double { acos(x) }
