/// A property wrapper whose `wrappedValue` MappingKit reads and writes: a wrapped property maps
/// under the name the source shows, and the wrapper's own logic runs both ways.
///
/// The compiler stores `@Clamped var level` as `_level`, a `Clamped<Int>`. MappingKit cannot
/// call a wrapper's `wrappedValue` on its own, so a wrapper type declares the conformance once,
/// with no body (its `wrappedValue` is the requirement):
///
/// ```swift
/// @propertyWrapper struct Clamped: MappableWrapper {
///     private var value: Int
///     let range: ClosedRange<Int>
///     init(wrappedValue: Int, _ range: ClosedRange<Int>) {
///         self.range = range
///         value = min(max(wrappedValue, range.lowerBound), range.upperBound)
///     }
///     var wrappedValue: Int {
///         get { value }
///         set { value = min(max(newValue, range.lowerBound), range.upperBound) }
///     }
/// }
///
/// struct Player: Mappable {
///     @Clamped(0...10) var level = 0
/// }
///
/// let player = try Player(dictionary: ["level": 42])   // player.level == 10 (the setter clamped it)
/// try player.dictionaryRepresentation()                // ["level": 10]
/// ```
///
/// Reading sets `wrappedValue` on the wrapper the model already holds (so its configuration,
/// `0...10` here, applies); writing reads `wrappedValue`. A stored property whose name starts with
/// `_` and whose type is neither convertible nor a `MappableWrapper` is a configuration error
/// that names this line (`extension Clamped: MappableWrapper {}`), never a silently skipped key.
/// A wrapper from another module conforms the same way, in an extension.
public protocol MappableWrapper {
    /// The type of the wrapped property: what its key holds.
    ///
    /// ```swift
    /// Clamped.WrappedValue.self   // Int.self
    /// ```
    associatedtype WrappedValue

    /// The value MappingKit reads and writes for the wrapped property.
    ///
    /// ```swift
    /// var wrappedValue: Int { get { value } set { value = min(max(newValue, 0), 10) } }
    /// ```
    var wrappedValue: WrappedValue { get set }
}
