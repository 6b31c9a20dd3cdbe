package org.rlanything.coding.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs untrusted Python 3 and Java programs with the operating system's isolation: Debian's {@code
 * bubblewrap} ({@code bwrap}) for namespaces and mounts, {@code prlimit} for resource limits.
 *
 * <p>How and why. Every run is one {@code bwrap} process started as
 *
 * <pre>
 * [sh -c 'echo $$ > SLOT/cgroup.procs; exec ...']  (joins the slot's memory cgroup, where one exists)
 * [setpriv --reuid U --regid U --clear-groups]   (only when the tool runs as root)
 *   prlimit --nproc --data [--as] --fsize --cpu --nofile --core=0
 *   bwrap --unshare-all --unshare-user --disable-userns --die-with-parent --new-session --cap-drop ALL
 *         /usr (read-only) + the few /etc entries the runtimes need
 *         the program's folder read-only at /program, a fresh tmpfs of workBytes at /sandbox
 *         a private /proc, a minimal read-only /dev, no /tmp, no home, a cleared environment
 *   python3 -I -B /program/main.py   |   java -Xmx.. -cp /program Main
 * </pre>
 *
 * <p>Memory. Where the machine lets this process make memory cgroups below its own (cgroup v1's
 * memory controller, or v2 delegating it), each slot has one ({@link MemoryCgroups}) whose limit is
 * the run's {@code memoryBytes}: it counts everything the run's processes hold, shared mappings and
 * the working folder's files included, and the kernel kills a run over it ({@code MEMORY_LIMIT}).
 * Elsewhere the limits are per process: {@code RLIMIT_DATA}, and for Python also {@code RLIMIT_AS}
 * (its address space, which counts a shared mapping; the JVM reserves far more address space than
 * it uses, so Java programs keep {@code RLIMIT_DATA} and their heap limit). {@link
 * #wholeMemoryLimit()} says which holds.
 *
 * <ul>
 *   <li>New network namespace: only a private loopback, so no connection leaves the sandbox (not
 *       even to this machine's loopback).
 *   <li>New PID namespace with {@code --die-with-parent}: killing the {@code bwrap} process kills
 *       its namespace's init, and the kernel then kills every process left in it: the whole tree
 *       goes at the time limit, including children that ignore SIGTERM or double-fork.
 *   <li>Only {@code /usr} and a few runtime files are visible: the rest of the machine (home, the
 *       project, data) cannot be read; nothing outside {@code /sandbox} can be written.
 *   <li>{@code RLIMIT_NPROC} counts the processes of a real user id. Run as root, every run gets an
 *       unused user id of its own from a pool ({@code 61000} to {@code 62023}, taken in turn, see
 *       {@link #UID_POOL}), so a fork bomb is stopped at {@code processes} by the kernel without
 *       touching the rest of the machine. Run as another user, the runs share that user's count and
 *       the process limit is not set (the time limit and the PID namespace still end a fork bomb).
 *   <li>A run returns only when no live process of its user is left (root only: the user id says
 *       which processes are the run's).
 * </ul>
 *
 * <p>The wall-clock limit and the output limit are enforced here (the JVM reads the pipes and kills
 * the process tree); {@code RLIMIT_CPU} is a backstop. Each run gets a fresh working folder, so one
 * test cannot leave files for the next.
 */
public final class Sandbox implements AutoCloseable {

    /** The exit status of a launcher that could not join its memory cgroup. */
    static final int JOIN_FAILED = 97;

    /** The first user id of the pool given to runs when the tool runs as root. */
    static final int FIRST_SLOT_UID = 61000;

    /**
     * How many user ids the pool has. A run takes the id that waited longest and gives it back at
     * the end, so an id comes back only after {@code UID_POOL - 1} other runs: by then the kernel's
     * init has reaped the zombie that every run leaves (the namespace's init, reparented to it),
     * and zombies, which still count against {@code RLIMIT_NPROC}, never pile up under one id.
     */
    static final int UID_POOL = 1024;

    private static final int STDERR_KEPT = 8192;

    /** The longest wait for a slot's processes to be gone after a run. */
    static final long TEARDOWN_WAIT_MS = 3000;

    private final SandboxSettings settings;
    private final Path root;
    private final BlockingQueue<Integer> slots;
    private final BlockingQueue<Integer> uids = new ArrayBlockingQueue<>(UID_POOL);
    private final boolean asRoot;
    private final AtomicLong counter = new AtomicLong();

    /** The slots' memory cgroups; null where none can be made (see {@link #memoryNote}). */
    private final MemoryCgroups cgroups;

    /** Why the memory limit is per process, or null when it is whole. */
    private final String memoryNote;

    private Sandbox(SandboxSettings settings, Path root, boolean asRoot, boolean memoryCgroups) {
        this.settings = settings;
        this.root = root;
        this.asRoot = asRoot;
        MemoryCgroups groups = null;
        String note = memoryCgroups ? null : "memory cgroups were not asked for";
        try {
            if (!memoryCgroups) {
                throw new MemoryCgroups.Unavailable(note);
            }
            groups =
                    MemoryCgroups.create(
                            settings.workers(),
                            "rlanything-sandbox-"
                                    + ProcessHandle.current().pid()
                                    + "-"
                                    + root.getFileName());
        } catch (MemoryCgroups.Unavailable e) {
            note = e.getMessage();
        }
        this.cgroups = groups;
        this.memoryNote = note;
        this.slots = new ArrayBlockingQueue<>(settings.workers());
        for (int i = 0; i < settings.workers(); i++) {
            slots.add(i);
        }
        for (int i = 0; i < UID_POOL; i++) {
            uids.add(FIRST_SLOT_UID + i);
        }
    }

    /**
     * Opens a sandbox: checks that {@code bwrap} and {@code prlimit} exist and that a trivial
     * program runs inside, and makes its private folder. Throws {@link IllegalStateException} with
     * what to install when the isolation is not available.
     */
    public static Sandbox open(SandboxSettings settings) {
        return open(settings, true);
    }

    /**
     * As {@link #open(SandboxSettings)}; {@code memoryCgroups} false keeps to the per-process
     * limits (the tests of that fallback).
     */
    static Sandbox open(SandboxSettings settings, boolean memoryCgroups) {
        for (String tool : List.of("bwrap", "prlimit")) {
            if (findOnPath(tool).isEmpty()) {
                throw new IllegalStateException(
                        "the coding sandbox needs '"
                                + tool
                                + "' on the PATH: install Debian's "
                                + (tool.equals("bwrap") ? "bubblewrap" : "util-linux")
                                + " (apt-get install -y --no-install-recommends "
                                + (tool.equals("bwrap") ? "bubblewrap" : "util-linux")
                                + ")");
            }
        }
        boolean asRoot = runsAsRoot() && findOnPath("setpriv").isPresent();
        Path root;
        try {
            root = Files.createTempDirectory("rlanything-sandbox-");
            // others may pass through (the slot users must reach their folders) but not list it
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx--x--x"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the sandbox's temporary folder", e);
        }
        Sandbox sandbox = new Sandbox(settings, root, asRoot, memoryCgroups);
        sandbox.memoryLimitNote()
                .ifPresent(
                        why ->
                                System.err.println(
                                        "rlanything: note: the coding sandbox's memory limit is per"
                                                + " process here (RLIMIT_DATA, and RLIMIT_AS for Python),"
                                                + " not one limit on the whole run: no memory cgroup"
                                                + " could be made ("
                                                + why
                                                + ")."));
        try (PreparedProgram probe = sandbox.prepare(Language.PYTHON, "print('ok')\n")) {
            RunResult r = sandbox.run(probe, "");
            if (!r.ok() || !r.stdout().strip().equals("ok")) {
                sandbox.close();
                throw new IllegalStateException(
                        "the coding sandbox does not work on this machine ("
                                + r.status()
                                + "): "
                                + r.stderr().strip()
                                + " (bubblewrap needs unprivileged user namespaces;"
                                + " python is "
                                + settings.python()
                                + ")");
            }
        }
        return sandbox;
    }

    /** The settings this sandbox runs with. */
    public SandboxSettings settings() {
        return settings;
    }

    /** How many runs may execute at once. */
    public int workers() {
        return settings.workers();
    }

    /**
     * Whether a run's memory limit is whole (a memory cgroup per run, counting shared memory and
     * the working folder) rather than per process.
     */
    public boolean wholeMemoryLimit() {
        return cgroups != null;
    }

    /** Why the memory limit is per process only; empty when it is whole. */
    public Optional<String> memoryLimitNote() {
        return Optional.ofNullable(memoryNote);
    }

    /** Whether each concurrent run gets its own user id (and so a process-count limit). */
    public boolean separateUsers() {
        return asRoot;
    }

    /**
     * Writes (Python) or compiles (Java) a program into a folder of its own. A Java source that
     * does not compile gives a program that is not {@link PreparedProgram#runnable() runnable}.
     */
    public PreparedProgram prepare(Language language, String source) {
        try {
            Path folder =
                    Folders.create(
                            root.resolve("program-" + counter.incrementAndGet()), "rwxr-xr-x");
            if (language == Language.PYTHON) {
                Folders.writeReadable(folder.resolve("main.py"), source);
                return new PreparedProgram(language, folder, "main.py", Optional.empty());
            }
            String mainClass = JavaCompilation.mainClass(source);
            Optional<String> error = JavaCompilation.compile(source, mainClass, folder);
            return new PreparedProgram(language, folder, mainClass, error);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare a program under " + root, e);
        }
    }

    /** Runs a prepared program on the given standard input with the default limits. */
    public RunResult run(PreparedProgram program, String stdin) {
        return run(program, stdin, settings.limits());
    }

    /**
     * Runs a prepared program on the given standard input. Blocks while {@link #workers()} runs are
     * already executing; never longer than the time limit plus the clean-up once it started.
     */
    public RunResult run(PreparedProgram program, String stdin, SandboxLimits limits) {
        if (!program.runnable()) {
            return RunResult.notRun(RunStatus.COMPILE_ERROR, program.compileError().orElseThrow());
        }
        int slot;
        try {
            slot = slots.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return RunResult.notRun(RunStatus.SANDBOX_ERROR, "interrupted while waiting");
        }
        // at most `workers` runs hold an id, so the pool of 1024 is never empty here
        int uid = uids.remove();
        try {
            long oomKills = 0;
            if (cgroups != null) {
                cgroups.limit(slot, limits.memoryBytes());
                oomKills = cgroups.oomKills(slot);
            }
            RunResult result = execute(command(program, limits, uid, slot), stdin, limits);
            if (cgroups != null
                    && result.status() != RunStatus.OK
                    && cgroups.oomKills(slot) > oomKills) {
                return result.withStatus(RunStatus.MEMORY_LIMIT);
            }
            return result;
        } catch (IOException e) {
            return RunResult.notRun(RunStatus.SANDBOX_ERROR, "cannot start the sandbox: " + e);
        } finally {
            if (asRoot) {
                awaitNoProcesses(uid);
            }
            uids.add(uid);
            slots.add(slot);
        }
    }

    /**
     * Waits until no live process of the run's user is left (zombies are dead: they wait for the
     * machine's init to reap them). When {@code bwrap} ends, the kernel kills what is left in its
     * PID namespace, but a dying process (a JVM with many threads) takes a moment to go: a run is
     * over only when its whole tree is. Gives up after {@link #TEARDOWN_WAIT_MS}.
     */
    private static void awaitNoProcesses(int uid) {
        long deadline = System.nanoTime() + TEARDOWN_WAIT_MS * 1_000_000L;
        while (hasProcesses(uid) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Whether a live (not zombie) process of the user exists: the owner of {@code /proc/PID} is its
     * user, the state in {@code /proc/PID/stat} is not {@code Z}.
     */
    static boolean hasProcesses(int uid) {
        try (java.util.stream.Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.anyMatch(
                    p -> {
                        String name = p.getFileName().toString();
                        if (name.isEmpty() || !Character.isDigit(name.charAt(0))) {
                            return false;
                        }
                        try {
                            if (((Integer) Files.getAttribute(p, "unix:uid")) != uid) {
                                return false;
                            }
                            String stat = Files.readString(p.resolve("stat"));
                            int close = stat.lastIndexOf(')');
                            return close > 0
                                    && close + 2 < stat.length()
                                    && stat.charAt(close + 2) != 'Z';
                        } catch (IOException | RuntimeException e) {
                            return false; // ended meanwhile
                        }
                    });
        } catch (IOException e) {
            return false;
        }
    }

    private List<String> command(PreparedProgram program, SandboxLimits limits, int uid, int slot) {
        List<String> c = new ArrayList<>();
        c.addAll(limited(program, limits, uid, slot));
        c.addAll(isolated(program, limits));
        c.addAll(interpreter(program, limits));
        return c;
    }

    /**
     * The launcher's part: join the slot's memory cgroup, drop to the sandbox user (as root), and
     * the resource limits of prlimit.
     */
    private List<String> limited(PreparedProgram program, SandboxLimits limits, int uid, int slot) {
        List<String> c = new ArrayList<>();
        if (cgroups != null) {
            // the launcher joins the slot's memory cgroup, then becomes the sandbox: every
            // process of the run is inside from its start
            c.addAll(
                    List.of(
                            "/bin/sh",
                            "-c",
                            "echo $$ >\"$0\" || exit " + JOIN_FAILED + "; exec \"$@\"",
                            cgroups.procs(slot).toString()));
        }
        if (asRoot) {
            c.addAll(
                    List.of("setpriv", "--reuid=" + uid, "--regid=" + uid, "--clear-groups", "--"));
        }
        long cpuSeconds = (limits.timeLimit().toMillis() + 999) / 1000 + 1;
        c.add("prlimit");
        if (asRoot) {
            c.add("--nproc=" + limits.processes());
        }
        if (cgroups == null && program.language() == Language.PYTHON) {
            c.add("--as=" + limits.memoryBytes()); // counts a shared mapping, as DATA does not
        }
        c.addAll(
                List.of(
                        "--data=" + limits.memoryBytes(),
                        "--fsize=" + limits.fileBytes(),
                        "--cpu=" + cpuSeconds,
                        "--nofile=256",
                        "--core=0",
                        "--"));
        return c;
    }

    /** The bubblewrap part: a read-only system, the program, a private work folder, no network. */
    private List<String> isolated(PreparedProgram program, SandboxLimits limits) {
        List<String> c = new ArrayList<>();
        c.addAll(
                List.of(
                        "bwrap",
                        "--unshare-all",
                        // a user namespace of its own, in which the program may make no other:
                        // inside one it would be root and could mount file systems (the first step
                        // of many kernel exploits)
                        "--unshare-user",
                        "--disable-userns",
                        "--die-with-parent",
                        "--new-session",
                        "--cap-drop",
                        "ALL",
                        "--ro-bind",
                        "/usr",
                        "/usr"));
        for (String link : List.of("bin", "lib", "lib64", "sbin")) {
            Path p = Path.of("/" + link);
            if (Files.isSymbolicLink(p)) {
                try {
                    c.addAll(
                            List.of("--symlink", Files.readSymbolicLink(p).toString(), "/" + link));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else if (Files.isDirectory(p)) {
                c.addAll(List.of("--ro-bind", "/" + link, "/" + link));
            }
        }
        for (String extra : settings.extraReadOnly()) {
            c.addAll(List.of("--ro-bind-try", extra, extra));
        }
        c.addAll(
                List.of(
                        "--proc",
                        "/proc",
                        "--dev",
                        "/dev",
                        "--remount-ro",
                        "/dev",
                        "--ro-bind",
                        program.folder().toString(),
                        "/program",
                        "--perms",
                        "1777",
                        "--size",
                        Long.toString(limits.workBytes()),
                        "--tmpfs",
                        "/sandbox",
                        "--chdir",
                        "/sandbox",
                        "--clearenv",
                        "--setenv",
                        "PATH",
                        "/usr/bin:/bin",
                        "--setenv",
                        "HOME",
                        "/sandbox",
                        "--setenv",
                        "TMPDIR",
                        "/sandbox",
                        "--setenv",
                        "LANG",
                        "C.UTF-8",
                        "--setenv",
                        "PYTHONIOENCODING",
                        "utf-8",
                        "--"));
        return c;
    }

    /** The interpreter and its arguments for the program's language. */
    private List<String> interpreter(PreparedProgram program, SandboxLimits limits) {
        List<String> c = new ArrayList<>();
        if (program.language() == Language.PYTHON) {
            c.addAll(List.of(settings.python(), "-I", "-B", "/program/" + program.entry()));
        } else {
            long heapMiB = Math.max(32, limits.memoryBytes() / 2 >> 20);
            c.addAll(
                    List.of(
                            settings.java(),
                            "-Xmx" + heapMiB + "m",
                            "-Xss16m",
                            "-XX:+UseSerialGC",
                            "-XX:TieredStopAtLevel=1",
                            "-XX:ActiveProcessorCount=1",
                            "-XX:-UsePerfData",
                            "-Xshare:auto",
                            "-cp",
                            "/program",
                            program.entry()));
        }
        return c;
    }

    private RunResult execute(List<String> command, String stdin, SandboxLimits limits)
            throws IOException {
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).start();
        AtomicBoolean outputExceeded = new AtomicBoolean();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread outReader =
                daemon(
                        () ->
                                readBounded(
                                        process.getInputStream(),
                                        out,
                                        limits.outputBytes(),
                                        () -> {
                                            outputExceeded.set(true);
                                            killTree(process);
                                        }));
        Thread errReader = daemon(() -> readTail(process.getErrorStream(), err));
        Thread inWriter = daemon(() -> writeAndClose(process.getOutputStream(), stdin));
        boolean finished;
        try {
            finished = process.waitFor(limits.timeLimit().toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        if (!finished) {
            killTree(process);
        }
        try {
            process.waitFor();
            outReader.join(2000);
            errReader.join(2000);
            inWriter.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        String stdout;
        synchronized (out) {
            stdout = out.toString(StandardCharsets.UTF_8);
        }
        String stderr;
        synchronized (err) {
            stderr = err.toString(StandardCharsets.UTF_8);
        }
        int exit = finished ? process.exitValue() : -1;
        return new RunResult(
                status(finished, outputExceeded.get(), exit, stderr),
                exit,
                stdout,
                stderr,
                elapsed);
    }

    private static RunStatus status(
            boolean finished, boolean outputExceeded, int exit, String stderr) {
        if (outputExceeded) {
            return RunStatus.OUTPUT_LIMIT;
        }
        if (!finished) {
            return RunStatus.TIME_LIMIT;
        }
        if (exit == 0) {
            return RunStatus.OK;
        }
        if (stderr.startsWith("bwrap:")
                || stderr.startsWith("prlimit:")
                || stderr.startsWith("setpriv:")
                || (exit == JOIN_FAILED && stderr.startsWith("/bin/sh:"))) {
            return RunStatus.SANDBOX_ERROR;
        }
        if (stderr.contains("MemoryError")
                || stderr.contains("OutOfMemoryError")
                || stderr.contains("Cannot allocate memory")
                || stderr.contains("Could not reserve enough space")) {
            return RunStatus.MEMORY_LIMIT;
        }
        // 152 = 128 + SIGXCPU: the CPU-time backstop fired
        return exit == 128 + 24 ? RunStatus.TIME_LIMIT : RunStatus.RUNTIME_ERROR;
    }

    /**
     * Kills the sandbox's process tree: the descendants, then bwrap (whose PID namespace goes with
     * it).
     */
    private static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static void readBounded(
            InputStream in, ByteArrayOutputStream out, int limit, Runnable onExceeded) {
        byte[] buffer = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                synchronized (out) {
                    int room = limit - out.size();
                    if (n > room) {
                        out.write(buffer, 0, Math.max(0, room));
                        onExceeded.run();
                        return;
                    }
                    out.write(buffer, 0, n);
                }
            }
        } catch (IOException e) {
            // the process was killed while writing: what was read is kept
        }
    }

    private static void readTail(InputStream in, ByteArrayOutputStream err) {
        byte[] buffer = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                synchronized (err) {
                    if (err.size() + n > STDERR_KEPT) {
                        byte[] all = err.toByteArray();
                        err.reset();
                        int keep = Math.max(0, STDERR_KEPT - n);
                        err.write(all, Math.max(0, all.length - keep), Math.min(keep, all.length));
                    }
                    err.write(buffer, 0, Math.min(n, STDERR_KEPT));
                }
            }
        } catch (IOException e) {
            // killed: keep what was read
        }
    }

    private static void writeAndClose(OutputStream in, String stdin) {
        try (in) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // the program exited without reading all its input: not an error of the run
        }
    }

    private static Thread daemon(Runnable body) {
        Thread t = new Thread(body, "sandbox-io");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Whether this process's user is root: the owner of {@code /proc/self} is its user. */
    static boolean runsAsRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    static Optional<Path> findOnPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, tool);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Deletes the sandbox's temporary folder and everything left in it, and its cgroups. */
    @Override
    public void close() {
        if (cgroups != null) {
            cgroups.close();
        }
        try {
            Folders.deleteTree(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the sandbox folder " + root, e);
        }
    }
}
