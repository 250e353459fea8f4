#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` with the process's standard error sent into a pipe, and returns what was written
/// there, so a test can assert a log line Foundation prints (swift-corelibs-foundation's
/// `NSKeyedUnarchiver` logs every object that fails to decode) instead of letting it break the
/// test run's output. Swift Testing writes to standard output, so its lines are not caught; what
/// another test writes to standard error meanwhile is caught too, and is the caller's to write back.
/// The pipe is read once `body` returns, so `body` writes less than a pipe holds (64 KiB on Linux).
func capturingStandardError<Result>(_ body: () throws -> Result) rethrows -> (result: Result, written: String) {
    var ends: [Int32] = [0, 0]
    let saved = dup(2)
    guard saved >= 0, pipe(&ends) == 0 else { return (try body(), "") }
    dup2(ends[1], 2)
    close(ends[1])
    let result: Result
    do {
        result = try body()
    } catch {
        dup2(saved, 2)
        close(saved)
        close(ends[0])
        throw error
    }
    dup2(saved, 2)
    close(saved)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        if count <= 0 { break }
        bytes += buffer[..<count]
    }
    close(ends[0])
    return (result, String(decoding: bytes, as: UTF8.self))
}
