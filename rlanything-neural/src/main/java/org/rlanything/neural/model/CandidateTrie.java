package org.rlanything.neural.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The candidates of one choice as a prefix tree of tokens: a leading run of tokens that several
 * candidates share ({@code go to}, {@code go to cabinet}) is one path of nodes, fed and scored
 * once.
 *
 * <p>Node {@code i} holds a token, its parent ({@code -1} for a candidate's first token) and its
 * depth (0 for a first token); parents come before their children. A candidate's log-likelihood is
 * the sum, over the nodes on its path, of the log-probability of the node's token given the prompt
 * and the node's ancestors: exactly the sum over its own tokens, computed once per distinct prefix.
 * On ALFWorld's admissible lists (dozens of {@code go to X n}) the tree has about a third of the
 * candidates' tokens.
 */
public final class CandidateTrie {

    private final int[] token;
    private final int[] parent;
    private final int[] depth;
    private final boolean[] inner;
    private final int[][] paths;

    private CandidateTrie(int[] token, int[] parent, int[] depth, boolean[] inner, int[][] paths) {
        this.token = token;
        this.parent = parent;
        this.depth = depth;
        this.inner = inner;
        this.paths = paths;
    }

    /**
     * The tree of {@code candidates}, nodes in order of first appearance; every candidate must be
     * non-empty.
     */
    public static CandidateTrie of(List<int[]> candidates) {
        int total = 0;
        for (int[] c : candidates) {
            if (c.length == 0) {
                throw new IllegalArgumentException("A candidate must hold at least one token.");
            }
            total += c.length;
        }
        int[] token = new int[total];
        int[] parent = new int[total];
        int[] depth = new int[total];
        boolean[] inner = new boolean[total];
        int[][] paths = new int[candidates.size()][];
        Map<Long, Integer> children = new HashMap<>();
        int size = 0;
        for (int c = 0; c < candidates.size(); c++) {
            int[] cand = candidates.get(c);
            int[] path = new int[cand.length];
            int at = -1;
            for (int k = 0; k < cand.length; k++) {
                long key = ((long) (at + 1) << 32) | (cand[k] & 0xffffffffL);
                Integer node = children.get(key);
                if (node == null) {
                    node = size++;
                    token[node] = cand[k];
                    parent[node] = at;
                    depth[node] = k;
                    children.put(key, node);
                    if (at >= 0) {
                        inner[at] = true;
                    }
                }
                path[k] = node;
                at = node;
            }
            paths[c] = path;
        }
        return new CandidateTrie(
                java.util.Arrays.copyOf(token, size),
                java.util.Arrays.copyOf(parent, size),
                java.util.Arrays.copyOf(depth, size),
                java.util.Arrays.copyOf(inner, size),
                paths);
    }

    /** The number of nodes. */
    public int size() {
        return token.length;
    }

    public int token(int node) {
        return token[node];
    }

    /** The node's parent, or -1 for a first token. */
    public int parent(int node) {
        return parent[node];
    }

    /** 0 for a first token. */
    public int depth(int node) {
        return depth[node];
    }

    /** Whether the node has children (its output predicts their tokens). */
    public boolean inner(int node) {
        return inner[node];
    }

    /** The number of nodes with children (those a scorer feeds). */
    public int innerNodes() {
        int n = 0;
        for (boolean b : inner) {
            n += b ? 1 : 0;
        }
        return n;
    }

    /** The nodes of candidate {@code c}, one per token. */
    public int[] path(int c) {
        return paths[c];
    }

    public int candidates() {
        return paths.length;
    }
}
