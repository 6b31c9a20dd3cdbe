package org.rlanything.coding.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One memory cgroup per sandbox slot, below this process's own: the kernel's limit on everything a
 * run's processes hold in memory, shared mappings and files in memory-backed folders included
 * (which {@code RLIMIT_DATA} does not count: a program that maps 1.5 GB of shared anonymous memory
 * passes it). A run's launcher joins its slot's group before it starts the sandbox, so the whole
 * process tree is inside; a run over the limit is killed by the kernel's out-of-memory killer,
 * which the group's {@code oom_kill} counter records.
 *
 * <p>How: the memory controller of cgroup v1 ({@code memory.limit_in_bytes}, and {@code
 * memory.memsw.limit_in_bytes} so that swap does not extend it), or of cgroup v2 ({@code
 * memory.max}, {@code memory.swap.max = 0}) when this process's group delegates it to its children.
 * Where neither can be written (no permission, no controller), {@link #create} says why and the
 * sandbox falls back to per-process limits.
 */
final class MemoryCgroups implements AutoCloseable {

    private final Path base;
    private final boolean v2;
    private final List<Path> slots;

    private MemoryCgroups(Path base, boolean v2, List<Path> slots) {
        this.base = base;
        this.v2 = v2;
        this.slots = slots;
    }

    /** The reason {@link #create} found no usable memory cgroup (for the sandbox's note). */
    static final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        Unavailable(String reason) {
            super(reason);
        }
    }

    /**
     * Makes a group of {@code count} slot groups named after {@code name} below this process's
     * memory cgroup; refuses with the reason when none can be made.
     */
    static MemoryCgroups create(int count, String name) throws Unavailable {
        List<String> tried = new ArrayList<>();
        for (boolean isV2 : new boolean[] {false, true}) {
            Optional<Path> own = isV2 ? own("cgroup2", false) : own("cgroup", true);
            if (own.isEmpty()) {
                continue;
            }
            Path base = own.get().resolve(name);
            try {
                if (isV2 && !read(own.get().resolve("cgroup.subtree_control")).contains("memory")) {
                    throw new IOException(
                            own.get() + " does not delegate the memory controller to its children");
                }
                Files.createDirectory(base);
                List<Path> slots = new ArrayList<>();
                MemoryCgroups groups = new MemoryCgroups(base, isV2, slots);
                try {
                    if (isV2) {
                        write(base.resolve("cgroup.subtree_control"), "+memory");
                    }
                    for (int i = 0; i < count; i++) {
                        Path slot = Files.createDirectory(base.resolve("slot-" + i));
                        slots.add(slot);
                        groups.limit(i, 64L << 20); // writable: a limit can be set
                    }
                } catch (IOException | RuntimeException e) {
                    groups.close();
                    throw e;
                }
                return groups;
            } catch (IOException | RuntimeException e) {
                tried.add(base + ": " + e.getMessage());
            }
        }
        throw new Unavailable(
                tried.isEmpty()
                        ? "this process has no memory cgroup it can see (/proc/self/cgroup,"
                                + " /proc/self/mountinfo)"
                        : String.join("; ", tried));
    }

    /**
     * This process's group in the hierarchy mounted with {@code fstype} ({@code cgroup} with the
     * memory controller, or {@code cgroup2}).
     */
    private static Optional<Path> own(String fstype, boolean memoryController) {
        try {
            String path = null;
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                String[] parts = line.split(":", 3);
                if (parts.length == 3
                        && (memoryController
                                ? List.of(parts[1].split(",")).contains("memory")
                                : parts[0].equals("0") && parts[1].isEmpty())) {
                    path = parts[2];
                }
            }
            if (path == null) {
                return Optional.empty();
            }
            for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
                String[] halves = line.split(" - ", 2);
                String[] mount = halves[0].split(" ");
                String[] fs = halves.length == 2 ? halves[1].split(" ") : new String[0];
                if (mount.length < 5 || fs.length < 3 || !fs[0].equals(fstype)) {
                    continue;
                }
                if (memoryController && !List.of(fs[2].split(",")).contains("memory")) {
                    continue;
                }
                String root = mount[3];
                if (!root.equals("/") && !path.startsWith(root)) {
                    continue;
                }
                String inside = root.equals("/") ? path : path.substring(root.length());
                return Optional.of(
                        Path.of(mount[4] + (inside.startsWith("/") ? "" : "/") + inside));
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The file a launcher writes its PID into to join slot {@code slot}'s group. */
    Path procs(int slot) {
        return slots.get(slot).resolve("cgroup.procs");
    }

    /** Sets slot {@code slot}'s limit on memory (and memory plus swap) to {@code bytes}. */
    void limit(int slot, long bytes) throws IOException {
        Path group = slots.get(slot);
        String value = Long.toString(bytes);
        if (v2) {
            write(group.resolve("memory.max"), value);
            writeIfPresent(group.resolve("memory.swap.max"), "0");
            writeIfPresent(group.resolve("memory.oom.group"), "1");
            return;
        }
        Path memory = group.resolve("memory.limit_in_bytes");
        Path withSwap = group.resolve("memory.memsw.limit_in_bytes");
        if (!Files.exists(withSwap)) {
            write(memory, value);
            return;
        }
        try { // memory+swap may never be below memory: which goes first depends on the old limit
            write(memory, value);
            write(withSwap, value);
        } catch (IOException lowerFirst) {
            write(withSwap, value);
            write(memory, value);
        }
    }

    /** How many times the kernel's out-of-memory killer acted in slot {@code slot}'s group. */
    long oomKills(int slot) {
        Path group = slots.get(slot);
        try {
            String text = read(group.resolve(v2 ? "memory.events" : "memory.oom_control"));
            for (String line : text.split("\n")) {
                if (line.startsWith("oom_kill ")) {
                    return Long.parseLong(line.substring(9).strip());
                }
            }
            // kernels before 4.13 count no kills in v1: a limit that was hit stands in for one
            return v2 ? 0 : Long.parseLong(read(group.resolve("memory.failcnt")).strip());
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Removes the groups (a group with a process left in it stays; the machine removes it). */
    @Override
    public void close() {
        for (Path slot : slots) {
            removeWhenEmpty(slot);
        }
        removeWhenEmpty(base);
    }

    private static void removeWhenEmpty(Path group) {
        for (int attempt = 0; attempt < 50 && Files.exists(group); attempt++) {
            try {
                Files.delete(group); // rmdir: the kernel's files go with it
            } catch (IOException e) {
                try {
                    Thread.sleep(20); // an exiting process still leaving the group
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII);
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }

    private static void writeIfPresent(Path file, String value) throws IOException {
        if (Files.exists(file)) {
            write(file, value);
        }
    }
}
