package org.rlanything.pddl.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.State;

/**
 * The whole reachable state space of a small task with every state's exact distance to the goal: a
 * breadth-first search forward from the initial state, then one backward from all goal states over
 * the reversed transitions. It makes step labels exact and free for small problems (a lookup
 * instead of a search per step); a task with more reachable states than the bound has none.
 */
public final class StateSpace {

    private final Map<State, Integer> index;
    private final int[] distance;

    private StateSpace(Map<State, Integer> index, int[] distance) {
        this.index = index;
        this.distance = distance;
    }

    /**
     * The state space of {@code task} from its initial state; empty over {@code maxStates} states.
     */
    public static Optional<StateSpace> explore(GroundTask task, int maxStates) {
        Map<State, Integer> index = new HashMap<>();
        List<State> states = new ArrayList<>();
        List<int[]> successors = new ArrayList<>();
        index.put(task.init(), 0);
        states.add(task.init());
        for (int i = 0; i < states.size(); i++) {
            State s = states.get(i);
            int[] applicable = task.applicable(s);
            int[] next = new int[applicable.length];
            for (int k = 0; k < applicable.length; k++) {
                State t = task.actions().get(applicable[k]).apply(s);
                Integer j = index.get(t);
                if (j == null) {
                    if (states.size() >= maxStates) {
                        return Optional.empty();
                    }
                    j = states.size();
                    index.put(t, j);
                    states.add(t);
                }
                next[k] = j;
            }
            successors.add(next);
        }
        int n = states.size();
        int[] inDegree = new int[n];
        for (int[] next : successors) {
            for (int j : next) {
                inDegree[j]++;
            }
        }
        int[][] predecessors = new int[n][];
        for (int j = 0; j < n; j++) {
            predecessors[j] = new int[inDegree[j]];
        }
        int[] fill = new int[n];
        for (int i = 0; i < n; i++) {
            for (int j : successors.get(i)) {
                predecessors[j][fill[j]++] = i;
            }
        }
        int[] distance = new int[n];
        Arrays.fill(distance, PlanLengths.DEAD_END);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int i = 0; i < n; i++) {
            if (task.isGoal(states.get(i))) {
                distance[i] = 0;
                queue[tail++] = i;
            }
        }
        while (head < tail) {
            int j = queue[head++];
            for (int i : predecessors[j]) {
                if (distance[i] == PlanLengths.DEAD_END) {
                    distance[i] = distance[j] + 1;
                    queue[tail++] = i;
                }
            }
        }
        return Optional.of(new StateSpace(index, distance));
    }

    /** The number of reachable states. */
    public int size() {
        return distance.length;
    }

    /**
     * The exact distance of {@code state} to the goal ({@link PlanLengths#DEAD_END} when none);
     * empty for a state outside the space (not reachable from the initial state).
     */
    public java.util.OptionalInt distance(State state) {
        Integer i = index.get(state);
        return i == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(distance[i]);
    }
}
