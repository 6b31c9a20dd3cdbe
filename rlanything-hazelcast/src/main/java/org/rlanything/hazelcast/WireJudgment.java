package org.rlanything.hazelcast;

import java.io.Serializable;
import org.rlanything.core.Judgment;
import org.rlanything.core.Payload;
import org.rlanything.core.Verdict;

/** A {@link Judgment} as it crosses the cluster. */
record WireJudgment(String text, Verdict verdict, double logProb, Payload payload)
        implements Serializable {

    static WireJudgment of(Judgment judgment) {
        return new WireJudgment(
                judgment.text(), judgment.verdict(), judgment.logProb(), judgment.payload());
    }

    Judgment toJudgment() {
        return new Judgment(text, verdict, logProb, payload);
    }
}
