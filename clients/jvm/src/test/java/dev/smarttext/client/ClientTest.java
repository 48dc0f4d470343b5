package dev.smarttext.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Every call of SmartTextClient against a live server, and every way a call can fail. */
class ClientTest {
    private final SmartTextClient client = Live.client();

    @Nested
    class Editing {
        @Test
        void theLastDigitOfACardNumber() throws SmartTextException {
            EditAnswer answer = client.edit(
                    new EditRequest("credit_card", "4242 4242 4242 424", new TextRange(18, 18), "2").withSeq(41));
            assertEquals("4242 4242 4242 4242", answer.text());
            assertEquals(19, answer.caret());
            assertEquals("4242424242424242", answer.value());
            assertEquals(TextState.VALID, answer.state());
            assertTrue(answer.valid());
            assertTrue(answer.complete());
            assertTrue(answer.errors().isEmpty());
            assertEquals(Arrays.asList("notEmpty", "luhn", "cardBrand"), rules(answer.results()));
            assertFalse(answer.rejected() || answer.truncated() || answer.deferred());
            assertEquals(new TextChange(18, 18, "2"), answer.change());
            assertEquals("visa", answer.meta().get("brand"));
            assertEquals(41L, answer.seq());
            assertNull(answer.map(), "a single edit has no map");
        }

        @Test
        void backspaceRightAfterASeparatorDeletesTheDigitBeforeIt() throws SmartTextException {
            EditAnswer answer = client.edit(new EditRequest("credit_card", "4242 4242", new TextRange(4, 5), "")
                    .withInputType(InputType.DELETE_CONTENT_BACKWARD));
            assertEquals("4244 242", answer.text());
            assertEquals(3, answer.caret());
            assertEquals(new TextChange(3, 6, "4 "), answer.change());
        }

        @Test
        void aLetterInADigitsFieldIsRejected() throws SmartTextException {
            EditAnswer answer = client.edit(new EditRequest("credit_card", "4242", new TextRange(2, 2), "x"));
            assertTrue(answer.rejected());
            assertEquals("4242", answer.text());
            assertEquals(2, answer.caret());
        }

        @Test
        void keysTypedWhileWaitingInOneRequestTheIssuesExample() throws SmartTextException {
            // Eight digits typed while the first answer was on its way, then Home and 1.
            TypedEditsRequest request = new TypedEditsRequest(FieldNames.of("credit_card"), "4", 1, Arrays.asList(
                    new TypedEdit(new TextRange(1, 1), "2424242", null, CaretAnchor.CARET),
                    new TypedEdit(new TextRange(0, 0), "1", null, CaretAnchor.START))).withSeq(7);
            EditAnswer answer = client.edit(request);
            assertEquals("1424 2424 2", answer.text());
            assertEquals(1, answer.caret());
            assertEquals("142424242", answer.value());
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 6, 7, 8, 9, 11}, answer.map());
            assertEquals(new TextChange(4, 8, " 2424 "), answer.change());
            assertEquals(7L, answer.seq());
        }

        @Test
        void formatAnAmount() throws SmartTextException {
            EditAnswer answer = client.format("amount", "1234567.8");
            assertEquals("1,234,567.8", answer.text());
            assertEquals("1234567.8", answer.value());
            assertEquals(11, answer.caret());
            assertEquals(TextState.VALID, answer.state());
            assertTrue(answer.meta().isEmpty());
            assertNull(answer.seq());
        }

        @Test
        void formatAPhoneNumber() throws SmartTextException {
            EditAnswer answer = client.format("phone_cn", "13800138000");
            assertEquals("138 0013 8000", answer.text());
            assertEquals("13800138000", answer.value());
            assertTrue(answer.valid());
            assertEquals("CN", answer.meta().get("region"));
            assertEquals("+8613800138000", answer.meta().get("e164"));
        }

        @Test
        void theGenericPhoneFieldInTheRegionAsked() throws SmartTextException {
            EditAnswer answer = client.format(
                    new FormatRequest("phone", "07400123456").withEvent(EditEvent.BLUR).withRegion("GB"));
            assertEquals("07400 123456", answer.text());
            assertTrue(answer.valid());
            ValidateAnswer german = client.validate(
                    ValidateRequest.fields(Collections.singletonMap("amount", "1.234,56")).withLocale("de-DE"));
            assertEquals("1234.56", german.fields().get("amount").value());
        }

        @Test
        void offsetsAreUtf16CodeUnitsUnlessScalarsAreAskedFor() throws SmartTextException {
            String name = "Zoë 👍🏽 Li";
            EditAnswer utf16 = client.format("full_name", name);
            assertEquals(name, utf16.text());
            assertEquals(name.length(), utf16.caret());
            assertEquals(11, utf16.caret());
            EditAnswer scalars = client.format(new FormatRequest("full_name", name).withUnits(OffsetUnits.SCALARS));
            assertEquals(name.codePointCount(0, name.length()), scalars.caret());
            // An edit after the emoji, in UTF-16 offsets as Java strings count them.
            // "Zoë " is 4 units, "👍🏽" 4 more (two surrogate pairs), then a space: "L" is at 9.
            EditAnswer edit = client.edit(new EditRequest("full_name", name, new TextRange(9, 9), "X"));
            assertEquals("Zoë 👍🏽 XLi", edit.text());
            assertEquals(10, edit.caret());
        }

        @Test
        void blurReportsWhatTypingKeptQuiet() throws SmartTextException {
            assertTrue(client.format("email", "jane@example").errors().isEmpty());
            EditAnswer blur = client.format("email", "jane@example", EditEvent.BLUR);
            assertEquals(Collections.singletonList("email"), failures(blur.errors()));
        }

        @Test
        void aPasswordRuleKeepsItsExtraMembers() throws SmartTextException {
            EditAnswer answer = client.format("password", "abcd");
            RuleOutcome strength = answer.results().stream()
                    .filter(outcome -> outcome.rule().equals("passwordStrength")).findFirst().orElseThrow();
            assertEquals(0L, strength.extra().get("score"));
            @SuppressWarnings("unchecked")
            Map<String, Object> feedback = (Map<String, Object>) strength.extra().get("feedback");
            assertFalse(((String) feedback.get("warning")).isEmpty());
        }

        @Test
        void composedFieldNames() throws SmartTextException {
            assertEquals("4242 4242 4242 4242",
                    client.format(new FormatRequest(FieldNames.composed("credit_card"), "4242424242424242")).text());
        }

        @Test
        void everyOptionARequestCanHaveIsAccepted() throws SmartTextException {
            EditAnswer edit = client.edit(new EditRequest(FieldNames.composed("credit_card"), "4242", new TextRange(4, 4), "4")
                    .withInputType(InputType.INSERT_TEXT).withEvent(EditEvent.BLUR).withUnits(OffsetUnits.SCALARS)
                    .withLocale("zh-CN").withSeq(7));
            assertEquals(7L, edit.seq());
            assertEquals("4242 4", edit.text());
            EditAnswer format = client.format(new FormatRequest("amount", "12").withEvent(EditEvent.SUBMIT)
                    .withUnits(OffsetUnits.UTF16).withLocale("en").withSeq(8));
            assertEquals(8L, format.seq());
            EditAnswer batch = client.edit(new TypedEditsRequest(FieldNames.of("amount"), "1", 1,
                    Collections.singletonList(new TypedEdit(new TextRange(1, 1), "2", InputType.INSERT_TEXT, CaretAnchor.CARET)))
                    .withEvent(EditEvent.CHANGE).withUnits(OffsetUnits.UTF16).withLocale("en").withSeq(9));
            assertEquals("12", batch.text());
            assertEquals(9L, batch.seq());
        }
    }

    @Nested
    class Validation {
        @Test
        void signupWithAPasswordMismatch() throws SmartTextException {
            Map<String, String> values = new LinkedHashMap<>();
            values.put("username", "jane_doe");
            values.put("email", "jane@example.com");
            values.put("phone_cn", "13800138000");
            values.put("password", "Tr0ub4dor&3xyz!");
            values.put("password_confirm", "Tr0ub4dor&3xyz?");
            ValidateAnswer answer = client.validate("signup", values);
            assertFalse(answer.valid());
            assertEquals("signup", answer.form());
            assertTrue(answer.errors().isEmpty());
            assertEquals(Arrays.asList("username", "email", "phone_cn", "password", "password_confirm"),
                    new ArrayList<>(answer.fields().keySet()), "in the form's order");
            assertTrue(answer.fields().get("password").valid());
            ValidateAnswer.FieldVerdict confirmation = answer.fields().get("password_confirm");
            assertFalse(confirmation.valid());
            assertEquals(Collections.singletonList("matchesField"), failures(confirmation.errors()));
            assertEquals("13800138000", answer.fields().get("phone_cn").value());
            assertEquals("138 0013 8000", answer.fields().get("phone_cn").text());
            assertEquals("+8613800138000", answer.fields().get("phone_cn").meta().get("e164"), "what a backend stores");
            assertNotNull(answer.registry(), "the registry version, for a backend to log");
            assertEquals(client.format("username", "jane_doe").registry(), answer.registry());
        }

        @Test
        void keysTheFormDoesNotHaveAndMissingFields() throws SmartTextException {
            Map<String, String> values = new LinkedHashMap<>();
            values.put("email", "a@b.co");
            values.put("pasword", "x");
            ValidateAnswer answer = client.validate("login", values);
            assertEquals("unknownField", answer.errors().get(0).rule());
            assertEquals("pasword", answer.errors().get(0).field());
            assertFalse(answer.errors().get(0).message().isEmpty());
            assertEquals(Collections.singletonList("required"), failures(answer.fields().get("password").errors()));
        }

        @Test
        void looseFields() throws SmartTextException {
            Map<String, String> values = new LinkedHashMap<>();
            values.put("email", "a@b.co");
            values.put("amount", "1234.5");
            ValidateAnswer answer = client.validateFields(values);
            assertTrue(answer.valid());
            assertNull(answer.form());
            assertEquals("1,234.5", answer.fields().get("amount").text());
            assertEquals("1234.5", answer.fields().get("amount").value());
            assertEquals(TextState.VALID, answer.fields().get("email").state());
        }

        @Test
        void chineseMessagesWithTheClientsLocaleAndARequestsOwnLocaleWins() throws SmartTextException {
            SmartTextClient chinese = Live.client("zh-CN");
            Map<String, String> values = new LinkedHashMap<>();
            values.put("email", "jane@example");
            values.put("password", "");
            ValidateAnswer answer = chinese.validate("login", values);
            assertEquals("请输入密码", answer.fields().get("password").errors().get(0).message());
            assertEquals("邮箱须为有效的邮箱地址", answer.fields().get("email").errors().get(0).message());
            assertEquals("卡号", chinese.field("credit_card").label());
            // The README's example.
            Map<String, String> passwords = new LinkedHashMap<>();
            passwords.put("password", "Tr0ub4dor&3xyz!");
            passwords.put("password_confirm", "Tr0ub4dor&3xyz?");
            assertEquals("确认密码须与密码一致",
                    chinese.validate("signup", passwords).fields().get("password_confirm").errors().get(0).message());
            // A request's own locale wins over the client's.
            assertEquals("Password is required", chinese.validate(ValidateRequest.form("login", values).withLocale("en"))
                    .fields().get("password").errors().get(0).message());
            EditAnswer english = chinese.edit(new EditRequest("email", "", new TextRange(0, 0), "")
                    .withEvent(EditEvent.SUBMIT).withLocale("en"));
            assertEquals("Email is required", english.errors().get(0).message());
        }
    }

    @Nested
    class Discovery {
        @Test
        void aFieldsHintsAndAcceptedCharacters() throws SmartTextException {
            FieldDescription field = client.field("credit_card");
            assertEquals("credit_card", field.name());
            assertEquals("Card number", field.label());
            assertEquals("卡号", field.labels().get("zh-Hans"));
            assertEquals(Collections.singletonList("creditCard"), field.formatters());
            assertEquals("notEmpty", field.validators().get(0));
            assertEquals("first", field.report());
            assertEquals("deletePrevious", field.backspace());
            InputHints hints = field.hints();
            assertEquals("numberPad", hints.keyboard());
            assertEquals("creditCardNumber", hints.textContentType());
            assertEquals("cc-number", hints.autocomplete());
            assertEquals("1234 5678 9012 3456", hints.placeholder());
            assertEquals("number", hints.androidInputType());
            assertFalse(hints.secure());
            assertEquals(23, hints.maxLength());
            AcceptedCharacters accepts = field.accepts();
            assertNotNull(accepts);
            assertTrue(accepts.digits());
            assertFalse(accepts.letters());
            assertEquals(" ", accepts.characters());
            assertEquals("42 42", accepts.filter("4x2 4-2"));
        }

        @Test
        void cardExpiryAsTheReadmeShowsIt() throws SmartTextException {
            FieldDescription field = client.field("card_expiry");
            assertEquals("MM/YY", field.hints().placeholder());
            assertEquals(7, field.hints().maxLength(), "12/2030 as pasted");
            assertNull(field.hints().textContentType());
            assertEquals(new AcceptedCharacters(true, false, false, false, " -./"), field.accepts());
        }

        @Test
        void aPasswordFieldIsSecure() throws SmartTextException {
            InputHints hints = client.field("password").hints();
            assertTrue(hints.secure());
            assertEquals("textPassword", hints.androidInputType());
        }

        @Test
        void signupNavigation() throws SmartTextException {
            FormDescription form = client.form("signup");
            assertEquals("signup", form.name());
            List<String> names = new ArrayList<>();
            for (FormField field : form.fields()) names.add(field.name());
            assertEquals(Arrays.asList("username", "email", "phone_cn", "password", "password_confirm"), names);
            assertNull(form.fields().get(0).previous());
            assertEquals("next", form.fields().get(0).returnKey());
            for (int i = 1; i < form.fields().size(); i++) {
                assertEquals(form.fields().get(i).name(), form.fields().get(i - 1).next());
                assertEquals(form.fields().get(i - 1).name(), form.fields().get(i).previous());
            }
            FormField last = form.fields().get(form.fields().size() - 1);
            assertNull(last.next());
            assertEquals("done", last.returnKey());
            assertEquals("password", last.field());
            assertTrue(last.required());
            assertTrue(last.hints().secure());
            assertEquals("emailAddress", form.field("email").hints().keyboard());
            assertNull(form.field("nope"));
        }

        @Test
        void everyFieldAndEveryForm() throws SmartTextException {
            FieldList fields = client.fields();
            assertEquals("2026-12-01", fields.version());
            List<String> names = new ArrayList<>();
            for (FieldList.Summary field : fields.fields()) names.add(field.name());
            assertEquals(31, names.size());
            List<String> sorted = new ArrayList<>(names);
            Collections.sort(sorted);
            assertEquals(sorted, names, "sorted by name");
            assertTrue(names.containsAll(Arrays.asList("email", "password", "phone_cn", "credit_card", "iban")));
            assertEquals("Amount", fields.fields().get(0).label());
            assertEquals("numberDecimal", fields.fields().get(0).hints().androidInputType());
            FormList forms = client.forms();
            assertEquals(2, forms.forms().size());
            assertEquals("login", forms.forms().get(0).name());
            assertEquals("Log in", forms.forms().get(0).label());
            assertEquals(Arrays.asList("email", "password"), forms.forms().get(0).fields());
            assertEquals("signup", forms.forms().get(1).name());
        }
    }

    @Nested
    class Problems {
        @Test
        void anUnknownFieldIsA404Problem() {
            ProblemException problem = assertThrows(ProblemException.class, () -> client.field("phone_xx"));
            assertEquals(404, problem.status());
            assertEquals("urn:smarttext:problem:unknown-field", problem.type());
            assertEquals("Unknown field", problem.title());
            assertTrue(problem.detail().contains("phone_xx"), problem.detail());
        }

        @Test
        void anUnknownFormAndAnUnknownFieldInEveryCall() {
            assertEquals("urn:smarttext:problem:unknown-form",
                    assertThrows(ProblemException.class, () -> client.form("nope")).type());
            assertEquals("urn:smarttext:problem:unknown-form",
                    assertThrows(ProblemException.class, () -> client.validate("nope", Collections.emptyMap())).type());
            ProblemException edit = assertThrows(ProblemException.class,
                    () -> client.edit(new EditRequest("nope", "", new TextRange(0, 0), "1")));
            assertEquals("urn:smarttext:problem:unknown-field", edit.type());
            assertEquals("/field", edit.pointer());
            assertEquals("urn:smarttext:problem:unknown-field",
                    assertThrows(ProblemException.class, () -> client.format("nope", "1")).type());
        }

        @Test
        void aRangeOutsideTheTextIsA422Problem() {
            ProblemException problem = assertThrows(ProblemException.class,
                    () -> client.edit(new EditRequest("credit_card", "42", new TextRange(1, 80), "")));
            assertEquals(422, problem.status());
            assertEquals("urn:smarttext:problem:invalid-range", problem.type());
            assertEquals("/range", problem.pointer());
        }

        @Test
        void aRangeThatSplitsASurrogatePairIsA422Problem() {
            ProblemException problem = assertThrows(ProblemException.class, () -> client.edit(
                    new TypedEditsRequest(FieldNames.of("full_name"), "👍", 2,
                            Collections.singletonList(new TypedEdit(new TextRange(1, 2), "", null, null)))));
            assertEquals("urn:smarttext:problem:invalid-range", problem.type());
            assertEquals("/edits/0/range", problem.pointer());
        }

        @Test
        void aLoneSurrogateGoesOutEscapedAndTheServiceRefusesIt() {
            ProblemException problem = assertThrows(ProblemException.class,
                    () -> client.edit(new EditRequest("full_name", "a\ud83d", new TextRange(0, 0), "b")));
            assertEquals(400, problem.status());
            assertEquals("urn:smarttext:problem:invalid-json", problem.type());
            assertTrue(problem.detail().contains("lone surrogate"), problem.detail());
        }

        @Test
        void moreThanAHundredEditsIsA422Problem() {
            List<TypedEdit> edits = new ArrayList<>();
            for (int i = 0; i <= TypedEditsRequest.MAX_EDITS; i++) edits.add(new TypedEdit(new TextRange(i, i), "a", null, null));
            ProblemException problem = assertThrows(ProblemException.class,
                    () -> client.edit(new TypedEditsRequest(FieldNames.of("email"), "", 0, edits)));
            assertEquals(422, problem.status());
            assertEquals("urn:smarttext:problem:too-many-edits", problem.type());
        }

        @Test
        void aTextOverTheLimitIsA422AndABodyOverItA413() {
            ProblemException tooLong = assertThrows(ProblemException.class, () -> client.format("email", "a".repeat(10_001)));
            assertEquals(422, tooLong.status());
            assertEquals("urn:smarttext:problem:text-too-long", tooLong.type());
            ProblemException tooLarge = assertThrows(ProblemException.class, () -> client.format("email", "a".repeat(70_000)));
            assertEquals(413, tooLarge.status());
            assertEquals("urn:smarttext:problem:body-too-large", tooLarge.type());
        }

        @Test
        void aStoppedServiceIsATransportError() throws IOException {
            int port;
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = socket.getLocalPort();
            }
            SmartTextClient closed = new SmartTextClient("http://127.0.0.1:" + port);
            TransportException error = assertThrows(TransportException.class, () -> closed.format("amount", "1"));
            assertTrue(error.getCause() instanceof IOException);
            assertTrue(error.getMessage().startsWith("SmartText service unreachable: POST http://127.0.0.1:" + port),
                    error.getMessage());
        }

        @Test
        void aServiceThatNeverAnswersIsATransportErrorAfterTheTimeOut() throws IOException {
            try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                Thread accept = new Thread(() -> {
                    try (Socket connection = silent.accept()) {
                        Thread.sleep(5_000);
                    } catch (IOException | InterruptedException ignored) {
                        // The test is over.
                    }
                });
                accept.setDaemon(true);
                accept.start();
                SmartTextClient client = new SmartTextClient("http://127.0.0.1:" + silent.getLocalPort(), null, 300);
                long start = System.nanoTime();
                TransportException error = assertThrows(TransportException.class, () -> client.field("amount"));
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(error.getCause() instanceof SocketTimeoutException, String.valueOf(error.getCause()));
                assertTrue(millis >= 250 && millis < 4_000, millis + " ms");
            }
        }
    }

    /** A stand-in server for what the real one never answers: pages, broken JSON, missing members. */
    @Nested
    class Answers {
        private final Map<String, String> seen = new ConcurrentHashMap<>();

        private void serve(int status, String contentType, String body, Runnable test) throws IOException {
            serve(status, contentType, body.getBytes(StandardCharsets.UTF_8), test);
        }

        private void serve(int status, String contentType, byte[] bytes, Runnable test) throws IOException {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/", exchange -> {
                seen.put("method", exchange.getRequestMethod());
                seen.put("path", exchange.getRequestURI().getRawPath());
                for (String header : Arrays.asList("Accept", "Accept-Language", "Content-Type", "User-Agent")) {
                    String value = exchange.getRequestHeaders().getFirst(header);
                    if (value != null) seen.put(header, value);
                }
                try (InputStream in = exchange.getRequestBody()) {
                    seen.put("body", new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
                exchange.getResponseHeaders().set("Content-Type", contentType);
                exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            });
            server.start();
            try {
                String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/prefix/";
                seen.put("url", url);
                test.run();
            } finally {
                server.stop(0);
            }
        }

        private SmartTextClient clientFor() {
            return new SmartTextClient(seen.get("url"), "zh-CN", 5_000);
        }

        @Test
        void whatARequestSends() throws IOException {
            serve(200, "application/json", ModelTest.ANSWER + "}", () -> {
                try {
                    EditAnswer answer = clientFor().format("amount", "1é👍");
                    assertEquals("4", answer.text());
                } catch (SmartTextException error) {
                    throw new AssertionError(error);
                }
            });
            assertEquals("POST", seen.get("method"));
            assertEquals("/prefix/v1/format", seen.get("path"));
            assertEquals("application/json", seen.get("Content-Type"));
            assertEquals("application/json, application/problem+json", seen.get("Accept"));
            assertEquals("zh-CN", seen.get("Accept-Language"));
            assertEquals("smarttext-jvm/" + SmartTextClient.VERSION, seen.get("User-Agent"));
            assertEquals("{\"field\":\"amount\",\"text\":\"1é👍\"}", seen.get("body"), "UTF-8 on the wire");
        }

        @Test
        void aPageInsteadOfAProblemKeepsItsStatus() throws IOException {
            serve(502, "text/html", "<html>bad gateway</html>", () -> {
                ProblemException problem = assertThrows(ProblemException.class, () -> clientFor().fields());
                assertEquals(502, problem.status());
                assertEquals("about:blank", problem.type());
                assertEquals("<html>bad gateway</html>", problem.detail());
            });
            assertEquals("GET", seen.get("method"));
            assertEquals("/prefix/v1/fields", seen.get("path"));
        }

        @Test
        void aServerErrorWithoutABody() throws IOException {
            serve(503, "application/problem+json", "", () -> {
                ProblemException problem = assertThrows(ProblemException.class, () -> clientFor().forms());
                assertEquals(503, problem.status());
                assertEquals("", problem.detail());
            });
        }

        @Test
        void anAnswerThatIsNotJsonIsADecodingError() throws IOException {
            serve(200, "application/json", "{\"text\": ", () -> {
                DecodingException error = assertThrows(DecodingException.class, () -> clientFor().field("amount"));
                assertTrue(error.getCause() instanceof JsonException);
            });
        }

        @Test
        void anAnswerMissingAMemberIsADecodingErrorNamingIt() throws IOException {
            serve(200, "application/json", "{\"valid\":true,\"fields\":{}}", () -> {
                DecodingException error = assertThrows(DecodingException.class,
                        () -> clientFor().validateFields(Collections.emptyMap()));
                assertEquals("SmartText answer not understood: ValidateAnswer.errors is missing", error.getMessage());
            });
        }

        @Test
        void anAnswerInInvalidUtf8IsADecodingError() throws IOException {
            // A surrogate encoded in UTF-8 (CESU-8), which is not UTF-8.
            byte[] cesu = {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'};
            serve(200, "application/json", cesu, () ->
                    assertThrows(DecodingException.class, () -> clientFor().form("login")));
        }
    }

    private static List<String> rules(List<RuleOutcome> outcomes) {
        List<String> rules = new ArrayList<>();
        for (RuleOutcome outcome : outcomes) rules.add(outcome.rule());
        return rules;
    }

    private static List<String> failures(List<RuleFailure> failures) {
        List<String> rules = new ArrayList<>();
        for (RuleFailure failure : failures) rules.add(failure.rule());
        return rules;
    }
}
