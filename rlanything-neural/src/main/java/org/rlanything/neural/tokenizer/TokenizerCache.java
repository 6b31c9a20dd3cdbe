package org.rlanything.neural.tokenizer;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What loading a {@code tokenizer.json} costs once per content, not once per load: a real
 * vocabulary's file is some 10 MB, and a run reads it from its starting models, each checkpoint it
 * resumes, compares or exports (policy and judge alike). Keyed by the SHA-256 of the file's bytes,
 * so a changed file is never served from here.
 *
 * <p>Two things are kept: whether a file is in the project's own layout (a small map), and the
 * native Hugging Face tokenizer with the vocabulary size read from the file. A native tokenizer is
 * lent: each {@link HfTokenizer} holds one {@link Lease} and returns it on close; the native object
 * is freed once no lease holds it and it is no longer among the {@value #KEPT} most recently used,
 * so a process keeps at most that many idle tokenizers (tens of MB each).
 */
final class TokenizerCache {

    /** Idle native tokenizers kept: a policy's and a judge's, when they differ. */
    static final int KEPT = 2;

    private static final int LAYOUTS = 16;

    /** One native tokenizer and what was read with it. */
    static final class Entry {
        final HuggingFaceTokenizer tokenizer;
        final int vocabSize;
        private int leases;
        private boolean cached = true;

        Entry(HuggingFaceTokenizer tokenizer, int vocabSize) {
            this.tokenizer = tokenizer;
            this.vocabSize = vocabSize;
        }
    }

    /** A loan of an entry's native tokenizer; {@link #close} returns it once. */
    static final class Lease implements AutoCloseable {
        final Entry entry;
        private boolean returned;

        private Lease(Entry entry) {
            this.entry = entry;
        }

        @Override
        public void close() {
            synchronized (TokenizerCache.class) {
                if (returned) {
                    return;
                }
                returned = true;
                entry.leases--;
                if (entry.leases == 0 && !entry.cached) {
                    entry.tokenizer.close();
                }
            }
        }
    }

    /** Makes an entry for bytes not seen (or no longer kept); may throw what loading throws. */
    interface Loader<E extends Exception> {
        Entry load() throws E;
    }

    private static final LinkedHashMap<String, Entry> NATIVE = new LinkedHashMap<>(4, 0.75f, true);

    private static final Map<String, Boolean> LAYOUT =
            new LinkedHashMap<>(LAYOUTS, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > LAYOUTS;
                }
            };

    private TokenizerCache() {}

    /** The SHA-256 of {@code bytes} in hex: the key of everything kept here. */
    static String key(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    /** Whether the file with this key is in the project's layout, or null when not known. */
    static synchronized Boolean projectLayout(String key) {
        return LAYOUT.get(key);
    }

    static synchronized void projectLayout(String key, boolean value) {
        LAYOUT.put(key, value);
    }

    /** A lease on the native tokenizer of the file with this key if one is kept, else null. */
    static synchronized Lease kept(String key) {
        Entry kept = NATIVE.get(key);
        if (kept == null) {
            return null;
        }
        kept.leases++;
        return new Lease(kept);
    }

    /**
     * A lease on the native tokenizer of the file with this key, loading it with {@code loader}
     * when it is not kept. Loading runs outside the lock; two threads loading the same new file
     * both load, and the second keeps its own.
     */
    static <E extends Exception> Lease lease(String key, Loader<E> loader) throws E {
        Lease already = kept(key);
        if (already != null) {
            return already;
        }
        Entry loaded = loader.load();
        synchronized (TokenizerCache.class) {
            Entry kept = NATIVE.get(key);
            if (kept != null) {
                loaded.tokenizer.close();
                kept.leases++;
                return new Lease(kept);
            }
            NATIVE.put(key, loaded);
            loaded.leases++;
            Iterator<Entry> eldest = NATIVE.values().iterator();
            while (NATIVE.size() > KEPT) {
                Entry out = eldest.next();
                eldest.remove();
                out.cached = false;
                if (out.leases == 0) {
                    out.tokenizer.close();
                }
            }
            return new Lease(loaded);
        }
    }
}
