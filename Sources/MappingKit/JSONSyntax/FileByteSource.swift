#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Reads a file descriptor's bytes straight into a stream's buffer: no `Data` per read.
struct FileByteSource {
    let handle: FileHandle

    /// Fills as much of `space` as one `read(2)` gives (a pipe or a terminal may give less);
    /// `0` at the end of the file.
    func read(into space: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
        while true {
            #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            let count = systemRead(handle.fileDescriptor, space.baseAddress, space.count)
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            #else
            guard let data = try handle.read(upToCount: space.count) else { return 0 }
            return data.copyBytes(to: space)
            #endif
        }
    }
}

#if canImport(Darwin)
private let systemRead = Darwin.read
#elseif canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Musl)
private let systemRead = Musl.read
#endif
