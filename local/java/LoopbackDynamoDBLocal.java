import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Starts AWS DynamoDB Local listening on one address only (127.0.0.1 unless -Dtorcedor.host says otherwise).
 *
 * DynamoDB Local's own main (ServerRunner) has no host option: its DynamoDBProxyServer builds a Jetty
 * `new Server(port)`, whose connector listens on every interface, and no system property changes that.
 * This launcher builds the server with DynamoDB Local's public embedding API
 * (ServerRunner.createServerFromCommandLineArgs, same command line), sets the host of the Jetty
 * connector before anything is bound, starts it and checks what was bound. Any surprise (a newer jar
 * shaped differently) stops the JVM with exit code 3 instead of listening on every interface.
 *
 * Reflection only, so this compiles without the jar and fails with a message rather than a linkage error.
 * Compiled for Java 17 and kept next to this file (local/src/aws/dynamodb.ts runs it); after editing:
 *   javac --release 17 -d local/java local/java/LoopbackDynamoDBLocal.java
 */
public final class LoopbackDynamoDBLocal {
  private LoopbackDynamoDBLocal() {}

  private static void fail(String message) {
    System.err.println("LoopbackDynamoDBLocal: " + message);
    System.exit(3);
  }

  public static void main(String[] args) throws Throwable {
    String host = System.getProperty("torcedor.host", "127.0.0.1");
    Object proxy;
    try {
      Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
      proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    } catch (InvocationTargetException e) {
      fail("invalid command line: " + e.getCause());
      return;
    }
    Object server = null;
    for (Class<?> c = proxy.getClass(); c != null && server == null; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (f.getType().getName().equals("org.eclipse.jetty.server.Server")) {
          f.setAccessible(true);
          server = f.get(proxy);
          break;
        }
      }
    }
    if (server == null) fail("no Jetty server in " + proxy.getClass().getName());
    Object[] connectors = (Object[]) server.getClass().getMethod("getConnectors").invoke(server);
    if (connectors.length == 0) fail("the Jetty server has no connector");
    for (Object connector : connectors) {
      Method setHost = connector.getClass().getMethod("setHost", String.class);
      setHost.invoke(connector, host);
    }
    try {
      proxy.getClass().getMethod("start").invoke(proxy);
    } catch (InvocationTargetException e) {
      fail("could not start: " + e.getCause());
    }
    for (Object connector : connectors) {
      Object bound = connector.getClass().getMethod("getHost").invoke(connector);
      Object port = connector.getClass().getMethod("getLocalPort").invoke(connector);
      if (!host.equals(bound) || !(port instanceof Integer) || (Integer) port <= 0) {
        fail("not listening on " + host + " (host " + bound + ", port " + port + ")");
      }
    }
    System.out.println("DynamoDB Local listening on " + host);
  }
}
