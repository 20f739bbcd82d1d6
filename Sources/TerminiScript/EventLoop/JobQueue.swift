/// A FIFO of jobs backed by one array and a head index, compacted when the consumed prefix dominates, so
/// steady-state posting does not allocate.
struct JobQueue<Job> {
    private var storage: [Job?] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }
    var count: Int { storage.count - head }

    mutating func append(_ job: Job) { storage.append(job) }

    mutating func popFirst() -> Job? {
        guard head < storage.count else { return nil }
        let job = storage[head]
        storage[head] = nil
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return job
    }
}
