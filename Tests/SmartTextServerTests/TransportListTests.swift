import Testing

@testable import SmartTextServer

/// The transport's lists are kept in C (the shim's enums) and in Swift (the cases the handler answers):
/// each value of the shim has its case, and each case its value, so that a problem added on one side only
/// fails here instead of being answered as something else.
@Suite struct TransportListTests {
    @Test func everyTransportProblemOfTheShimHasItsCase() {
        #expect(TransportProblem.fromShim(0) == nil, "CMHD_TRANSPORT_OK is no problem")
        let mapped = (1..<TransportProblem.shimValueCount).compactMap(TransportProblem.fromShim)
        #expect(mapped.count == TransportProblem.shimValueCount - 1, "a shim value without a Swift case")
        #expect(Set(mapped.map { "\($0)" }).count == mapped.count, "two shim values give one case")
        #expect(TransportProblem.allCases.count == mapped.count, "a Swift case without a shim value")
        #expect(TransportProblem.fromShim(TransportProblem.shimValueCount) == nil)
    }

    @Test func everyAnswerTheLibraryWritesItselfHasItsCase() {
        let mapped = (0..<LibraryAnswer.shimValueCount).compactMap(LibraryAnswer.fromShim)
        #expect(mapped.count == LibraryAnswer.shimValueCount, "a shim value without a Swift case")
        #expect(Set(mapped.map { "\($0)" }).count == mapped.count, "two shim values give one case")
        #expect(LibraryAnswer.allCases.count == mapped.count, "a Swift case without a shim value")
        #expect(LibraryAnswer.fromShim(LibraryAnswer.shimValueCount) == nil)
    }
}
