package org.rlanything.remote;

/**
 * A process that starts an environment server ({@code RemoteProcess.start} of its arguments) and
 * holds it until it is killed: the stand-in of a run that {@code kill -9} ends, for {@link
 * RemoteProcessStopTest}.
 */
public final class HoldServer {

    private HoldServer() {}

    public static void main(String[] args) throws InterruptedException {
        RemoteProcess server = RemoteProcess.start(String.join(" ", args), 20);
        System.out.println("holding " + server.address());
        System.out.flush();
        Thread.sleep(300_000);
    }
}
