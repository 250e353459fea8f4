import Foundation

// A nested model read straight from a `Decoder` and written straight into an `Encoder` through
// its plan (see ``NestedPlanning``): the calls are in `CodableInput+Plan` and `CodableOutput+Plan`.

extension MappableCodec: NestedPlanning {}
