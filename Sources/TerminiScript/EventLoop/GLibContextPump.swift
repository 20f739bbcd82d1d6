import CJavaScriptCore

/// The script thread's GLib main context, which JavaScriptCore schedules its own timers on: garbage collection
/// activity, incremental sweeping and `FinalizationRegistry` cleanup. WebKit's run loop uses the thread-default
/// context of the thread that creates the VM, so this makes one and pushes it before the VM exists; the event loop
/// then dispatches what is due whenever it would sleep, and sleeps no longer than GLib's next source.
///
/// It follows GLib's own loop (prepare, query, wait, check, dispatch) with the event loop's condition variable as
/// the wait: JSC adds its sources from this same thread, so nothing needs GLib's wake-up descriptor.
final class GLibContextPump {
    private let context: OpaquePointer
    private var priority: Int32 = 0
    private var prepared = false
    private var fds = [GPollFD](repeating: GPollFD(), count: 8)
    private var fdCount: Int32 = 0

    /// Call on the script thread before the JavaScript context is created.
    init() {
        context = g_main_context_new()
        g_main_context_push_thread_default(context)
        _ = g_main_context_acquire(context)
    }

    /// Dispatches the sources that are due, then returns how long GLib may wait for its next one, in
    /// milliseconds (nil: no source is waiting for time).
    func dispatchDueAndNextTimeout() -> Int? {
        if prepared {
            if g_main_context_check(context, priority, &fds, fdCount) != 0 { g_main_context_dispatch(context) }
            prepared = false
        }
        _ = g_main_context_prepare(context, &priority)
        var timeout: Int32 = -1
        fdCount = g_main_context_query(context, priority, &timeout, &fds, Int32(fds.count))
        if Int(fdCount) > fds.count {
            fds = [GPollFD](repeating: GPollFD(), count: Int(fdCount))
            fdCount = g_main_context_query(context, priority, &timeout, &fds, Int32(fds.count))
        }
        prepared = true
        return timeout < 0 ? nil : Int(timeout)
    }

    /// Call on the script thread after the JavaScript context is gone.
    func tearDown() {
        g_main_context_release(context)
        g_main_context_pop_thread_default(context)
        g_main_context_unref(context)
    }
}
