import Glibc

/// Paths as Linux has them: bytes, which need not be UTF-8. A Swift `String` holds only valid
/// UTF-8 (`CommandLine.arguments` turns every other byte into U+FFFD, which names another file),
/// so a path is kept as text that maps back to its bytes exactly: valid UTF-8 as it is, and each
/// byte that is not part of it as one scalar U+10FF80…U+10FFFF (Plane 16, private use: the byte
/// plus U+10FF00). A valid encoding of one of those scalars is kept byte by byte the same way, so
/// that every byte string has exactly one text. System calls take the bytes back
/// (`withCString`); messages show such a byte as `\xNN`.
public enum SystemPath {
    /// The first scalar that stands for a byte (0x80, the lowest byte that UTF-8 can leave out).
    private static let firstByteScalar: UInt32 = 0x10_FF80
    /// What a byte's scalar is the byte plus.
    private static let byteScalarBase: UInt32 = 0x10_FF00

    /// The byte `scalar` stands for, or `nil` when it is a character of its own.
    public static func byte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= firstByteScalar ? UInt8(scalar.value - byteScalarBase) : nil
    }

    /// The text of the path whose bytes are `bytes`.
    public static func text(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let valid = String(validating: bytes, as: UTF8.self), !valid.unicodeScalars.contains(where: { byte($0) != nil }) {
            return valid
        }
        var text = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(lead: bytes[index])
            if length > 0, index + length <= bytes.count,
                let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.first,
                byte(scalar) == nil
            {
                text.append(scalar)
                index += length
            } else {
                text.append(Unicode.Scalar(byteScalarBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(text)
    }

    /// The bytes of the path `text` names.
    public static func bytes(_ text: String) -> [UInt8] {
        guard text.unicodeScalars.contains(where: { byte($0) != nil }) else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let raw = byte(scalar) { bytes.append(raw) } else { bytes.append(contentsOf: String(scalar).utf8) }
        }
        return bytes
    }

    /// Calls `body` with the path `text` names as a C string of its bytes (valid only inside it).
    public static func withCString<R, E: Error>(_ text: String, _ body: (UnsafePointer<CChar>) throws(E) -> R) throws(E) -> R {
        let terminated = bytes(text).map { CChar(bitPattern: $0) } + [0]
        // Safe: the pointer does not outlive the array, which lives until `body` returns.
        return try terminated.withUnsafeBufferPointer { (buffer) throws(E) -> R in try body(buffer.baseAddress!) }
    }

    /// The text of the path `pointer` points to (a C string the system gave).
    public static func text(cString pointer: UnsafePointer<CChar>) -> String {
        // Safe: a C string the caller holds, read up to its terminating NUL.
        text(UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) })
    }

    /// The process's arguments as the system passed them, each as a path's text.
    public static var arguments: [String] {
        // Safe: `unsafeArgv` holds `argc` C strings that live as long as the process.
        (0..<Int(CommandLine.argc)).map { index in CommandLine.unsafeArgv[index].map { text(cString: $0) } ?? "" }
    }

    /// The number of bytes of the UTF-8 sequence that `lead` begins (0: it begins none).
    private static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0..<0x80: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }
}
