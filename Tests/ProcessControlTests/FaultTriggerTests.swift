import Foundation
import ProcessControl
import Testing

/// How `FaultTrigger` reads `POINT[:N]` from its variable (its SIGKILL is the crash tests' part).
struct FaultTriggerTests {
    enum Point: String, CaseIterable, Sendable {
        case first = "first-point"
        case second = "second-point"
    }

    private func trigger(_ value: String?) -> FaultTrigger<Point> {
        FaultTrigger(variable: "TEST_FAULT", environment: value.map { ["TEST_FAULT": $0] } ?? [:])
    }

    @Test func anUnsetOrEmptyVariableArmsNothingAndIsNoProblem() {
        for value in [nil, ""] {
            let unarmed = trigger(value)
            #expect(unarmed.armed == nil && unarmed.problem == nil)
            unarmed.reach(.first)  // survives
        }
    }

    @Test func theProcessEnvironmentIsReadWhenNoneIsGiven() throws {
        setenv("ORDERS_TEST_FAULT_FROM_PROCESS", "second-point:2", 1)
        defer { unsetenv("ORDERS_TEST_FAULT_FROM_PROCESS") }
        let armed = try #require(FaultTrigger<Point>(variable: "ORDERS_TEST_FAULT_FROM_PROCESS").armed)
        #expect(armed.point == .second && armed.occurrence == 2)
        #expect(FaultTrigger<Point>(variable: "ORDERS_TEST_FAULT_NEVER_SET").armed == nil)
    }

    @Test func aPointAloneArmsItsFirstArrival() throws {
        let armed = try #require(trigger("second-point").armed)
        #expect(armed.point == .second && armed.occurrence == 1)
    }

    @Test func aPointWithACountArmsThatArrival() throws {
        let armed = try #require(trigger("first-point:3").armed)
        #expect(armed.point == .first && armed.occurrence == 3)
    }

    @Test func anUnknownPointIsAProblemThatNamesTheKnownOnes() {
        let misspelt = trigger("frist-point:2")
        #expect(misspelt.armed == nil)
        #expect(
            misspelt.problem
                == "TEST_FAULT=frist-point:2: unknown fault point frist-point; use POINT[:N] with POINT one of first-point, second-point"
        )
    }

    @Test(arguments: ["0", "-1", "x", "", "2:3"])
    func aCountThatIsNotAPositiveNumberIsAProblem(count: String) {
        let wrong = trigger("first-point:\(count)")
        #expect(wrong.armed == nil)
        #expect(
            wrong.problem
                == "TEST_FAULT=first-point:\(count): \(count) is not a count of arrivals; use POINT:N with N at least 1")
    }

    @Test func reachingAnotherPointOrAnEarlierArrivalDoesNotKill() {
        let armed = trigger("first-point:3")
        armed.reach(.second)
        armed.reach(.first)
        armed.reach(.first)  // the third arrival would kill; this process lives on
        #expect(armed.armed?.occurrence == 3)
    }
}
