#if canImport(Glibc)
    import Glibc
#endif

/// How many CPUs the process may use: the CPU quota of its cgroup (what a
/// container's CPU limit sets: `cpu.max` in cgroup v2, `cpu.cfs_quota_us` in v1),
/// rounded up, and no more than the CPUs it may run on. The default of `--threads`:
/// on a 64-core node, a container limited to 2 CPUs gets 2 threads, not 64.
public enum CPUQuota {
    /// The CPUs available to this process (at least 1).
    public static var available: Int {
        let cpus = affinityCPUs()
        guard let quota = quota(mountInfo: read("/proc/self/mountinfo"), cgroups: read("/proc/self/cgroup")) else {
            return cpus
        }
        return max(1, min(cpus, quota))
    }

    /// The smallest CPU quota (rounded up to whole CPUs) set on the process's cgroup or
    /// a cgroup above it, from the texts of `/proc/self/mountinfo` and `/proc/self/cgroup`;
    /// nil when no quota is set. cgroup v2 is read first, then v1's `cpu` controller.
    public static func quota(mountInfo: String, cgroups: String) -> Int? {
        for version in [2, 1] {
            guard let (mountPoint, mountRoot) = mount(version: version, in: mountInfo),
                let path = cgroupPath(version: version, in: cgroups)
            else { continue }
            var relative = path
            if mountRoot != "/" && (path == mountRoot || path.hasPrefix(mountRoot + "/")) {
                relative = String(path.dropFirst(mountRoot.count))
            }
            var folders: [String] = []
            var components = relative.split(separator: "/").map(String.init)
            while true {
                folders.append(([mountPoint] + components).joined(separator: "/"))
                guard !components.isEmpty else { break }
                components.removeLast()
            }
            let quotas = folders.compactMap { version == 2 ? cpuMax(in: $0) : cfsQuota(in: $0) }
            return quotas.min()
        }
        return nil
    }

    /// Whole CPUs from a quota and a period (150000 per 100000 is 2).
    static func cpus(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return max(1, (quota + period - 1) / period)
    }

    /// cgroup v2: `cpu.max` holds "QUOTA PERIOD", or "max PERIOD" for no limit.
    private static func cpuMax(in folder: String) -> Int? {
        let fields = read(folder + "/cpu.max").split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
        return cpus(quota: quota, period: period)
    }

    /// cgroup v1: `cpu.cfs_quota_us` (-1 for no limit) per `cpu.cfs_period_us`.
    private static func cfsQuota(in folder: String) -> Int? {
        let number = { (name: String) in
            read(folder + "/" + name).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
        }
        guard let quota = number("cpu.cfs_quota_us"), let period = number("cpu.cfs_period_us") else { return nil }
        return cpus(quota: quota, period: period)
    }

    /// The mount point and root of the cgroup2 file system (version 2), or of the v1
    /// hierarchy holding the `cpu` controller, from `/proc/self/mountinfo`.
    private static func mount(version: Int, in mountInfo: String) -> (point: String, root: String)? {
        for line in mountInfo.split(separator: "\n") {
            let halves = line.split(separator: " - ", maxSplits: 1)
            guard halves.count == 2 else { continue }
            let fields = halves[0].split(separator: " ")
            let filesystem = halves[1].split(separator: " ")
            guard fields.count >= 5, let type = filesystem.first else { continue }
            let matches =
                version == 2
                ? type == "cgroup2"
                : type == "cgroup" && filesystem.count >= 3 && filesystem[2].split(separator: ",").contains("cpu")
            if matches { return (unescape(fields[4]), unescape(fields[3])) }
        }
        return nil
    }

    /// The process's cgroup path: the `0::PATH` line (v2), or the line whose controllers include `cpu` (v1).
    private static func cgroupPath(version: Int, in cgroups: String) -> String? {
        for line in cgroups.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let isWanted =
                version == 2 ? parts[0] == "0" && parts[1].isEmpty : parts[1].split(separator: ",").contains("cpu")
            if isWanted { return String(parts[2]) }
        }
        return nil
    }

    /// mountinfo writes a space as `\040`.
    private static func unescape(_ field: Substring) -> String {
        String(field).replacing("\\040", with: " ")
    }

    /// The CPUs of the process's affinity mask (what `taskset` or a cpuset allows), from
    /// the `Cpus_allowed` mask of `/proc/self/status`; else the online cores.
    private static func affinityCPUs() -> Int {
        let status = read("/proc/self/status")
        if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) {
            let mask = line.dropFirst("Cpus_allowed:".count).filter { $0.isHexDigit }
            let count = mask.reduce(0) { $0 + ($1.hexDigitValue ?? 0).nonzeroBitCount }
            if count > 0 { return count }
        }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    private static func read(_ path: String) -> String { SystemFile.text(path) ?? "" }
}
