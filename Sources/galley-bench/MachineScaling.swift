// The machine's own scaling, beside the threads case: a compute loop that shares nothing (no
// memory written by two threads, no lock, no allocation) on 1 and on N threads, timed in the
// same alternating rounds as Galley's rows. On a virtual machine whose cores are busy with other
// guests, or are hyperthreads of one core, N threads of it give less than N×; Galley's
// speed-up is then read against that figure, not against N alone.
import Foundation

/// Wall seconds for `tasks` threads of their own each running `steps` steps of a xorshift loop
/// (the same work per thread: one thread's time is the whole of the single-thread row).
func computeLoopSeconds(tasks: Int, steps: Int) -> Double {
    let done = DispatchSemaphore(value: 0)
    // One slot per thread, written once at its end (keeps the loop from being optimised away).
    let results = UnsafeMutablePointer<UInt64>.allocate(capacity: tasks * 8)
    defer { results.deallocate() }
    let slots = UInt(bitPattern: results)
    return seconds {
        for task in 0..<tasks {
            let thread = Thread {
                var x: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(task)
                for _ in 0..<steps {
                    x ^= x << 13
                    x ^= x >> 7
                    x ^= x << 17
                }
                // 64 bytes apart: no two threads write one cache line.
                UnsafeMutablePointer<UInt64>(bitPattern: slots)!.advanced(by: task * 8).pointee = x
                done.signal()
            }
            thread.start()
        }
        for _ in 0..<tasks { done.wait() }
    }
}

/// Steps of the compute loop that take about `target` seconds on one thread here.
func computeLoopSteps(for target: Double) -> Int {
    var steps = 1 << 20
    while steps < 1 << 34 {
        let t = computeLoopSeconds(tasks: 1, steps: steps)
        if t >= target / 4 { return Int(Double(steps) * target / t) }
        steps *= 4
    }
    return steps
}

/// The layout seconds each of `tasks` copies of `galley-bench file` reports when all run at
/// once, each with `arguments` (the threads case's work, in processes that share nothing: no
/// Font, cache, allocator or reference count); nil when one cannot be run or reports nothing.
func processLayoutSeconds(tasks: Int, arguments: [String]) -> [Double]? {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var running: [(Process, Pipe)] = []
    for _ in 0..<tasks {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["file"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        running.append((process, pipe))
    }
    var times: [Double] = []
    for (process, pipe) in running {
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "galley: N iterations, X ms total, …"
        guard process.terminationStatus == 0, let total = output.range(of: " ms total"),
            let comma = output[..<total.lowerBound].lastIndex(of: " "),
            let ms = Double(output[output.index(after: comma)..<total.lowerBound])
        else { return nil }
        times.append(ms / 1e3)
    }
    return times
}
