import TerminiRuntime

/// The inspector hears the app through the engine's one activity seam, the flight recorder's too: each applied
/// `setData`/`spliceData`, each bridge call and answer, and each frame.
extension InspectorLog: EngineActivityObserver {
    func setDataApplied(_ activity: SetDataActivity) {
        recordDiff(pageId: activity.pageId, page: activity.pageName, patches: activity.patches, at: activity.appliedAt)
    }

    func bridgeCallStarted(_ call: BridgeCallActivity) {
        recordCall(id: call.callId, command: call.command, params: call.params, at: call.startedAt)
    }

    func bridgeCallAnswered(_ answer: BridgeAnswerActivity) {
        recordAnswer(id: answer.callId, answer: answer.outcome.envelope, ok: answer.outcome.ok, at: answer.answeredAt)
    }

    func framePresented(_ frame: FrameActivity) { recordFrame(frame.timing) }
}
