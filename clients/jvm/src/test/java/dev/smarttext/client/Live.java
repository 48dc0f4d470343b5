package dev.smarttext.client;

/** The live SmartText server the tests run against (test.sh starts it and passes its address). */
final class Live {
    private Live() {}

    /** The server's base URL, from -Dsmarttext.url. */
    static String url() {
        String url = System.getProperty("smarttext.url");
        if (url == null || url.isEmpty()) {
            throw new IllegalStateException("no live server: run clients/jvm/test.sh SERVER_BINARY (it sets -Dsmarttext.url)");
        }
        return url;
    }

    static SmartTextClient client() {
        return new SmartTextClient(url());
    }

    static SmartTextClient client(String locale) {
        return new SmartTextClient(url(), locale, SmartTextClient.DEFAULT_TIMEOUT_MILLIS);
    }
}
