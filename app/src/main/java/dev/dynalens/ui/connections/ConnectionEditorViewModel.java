package dev.dynalens.ui.connections;

import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.CallTimeouts;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.service.AwsEnvironment;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The connection form: what the person types, validated as they type, turned into a {@link ConnectionProfile}. */
public final class ConnectionEditorViewModel {

    /** How the connection finds its credentials. */
    public enum CredentialsMode {
        PROFILE("AWS profile"), DEFAULT_CHAIN("Default credential chain"), LOCAL("Local endpoint (no credentials)");

        private final String label;

        CredentialsMode(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    public static final String LOCAL_ENDPOINT_EXAMPLE = "http://localhost:8000";

    private final AwsEnvironment environment;
    private final StringProperty name = new SimpleStringProperty("");
    private final ObjectProperty<CredentialsMode> credentialsMode = new SimpleObjectProperty<>(CredentialsMode.PROFILE);
    private final StringProperty profileName = new SimpleStringProperty("");
    private final StringProperty region = new SimpleStringProperty("us-east-1");
    private final StringProperty endpoint = new SimpleStringProperty("");
    private final BooleanProperty readOnly = new SimpleBooleanProperty(false);
    private final ObjectProperty<ConnectionTag> tag = new SimpleObjectProperty<>(ConnectionTag.NONE);
    /** Seconds, as typed: one attempt of a call, and the whole call with its retries. */
    private final StringProperty attemptTimeout = new SimpleStringProperty(CallTimeouts.seconds(CallTimeouts.DEFAULT.attempt()));
    private final StringProperty totalTimeout = new SimpleStringProperty(CallTimeouts.seconds(CallTimeouts.DEFAULT.total()));
    private final ObservableList<AwsProfileSummary> profiles = FXCollections.observableArrayList();
    private final ObservableList<String> regions = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper hint = new ReadOnlyStringWrapper("");
    private String editingId;

    public ConnectionEditorViewModel(AwsEnvironment environment) {
        this.environment = environment;
        profiles.setAll(environment.profiles());
        regions.setAll(environment.regions());
        if (profiles.isEmpty()) {
            credentialsMode.set(CredentialsMode.DEFAULT_CHAIN);
        } else {
            profileName.set(profiles.stream().map(AwsProfileSummary::name).filter("default"::equals).findFirst()
                    .orElse(profiles.get(0).name()));
        }
        profileName.addListener((obs, old, now) -> profiles.stream().filter(p -> p.name().equals(now) && p.region() != null)
                .findFirst().ifPresent(p -> region.set(p.region())));
        credentialsMode.addListener((obs, old, now) -> {
            if (now == CredentialsMode.LOCAL) {
                if (endpoint.get().isBlank()) endpoint.set(LOCAL_ENDPOINT_EXAMPLE);
                if (tag.get() == ConnectionTag.NONE) tag.set(ConnectionTag.LOCAL);
            }
        });
        tag.addListener((obs, old, now) -> {
            if (now == ConnectionTag.PRODUCTION) readOnly.set(true);
        });
        for (var property : new javafx.beans.Observable[] {name, credentialsMode, profileName, region, endpoint, attemptTimeout, totalTimeout}) {
            property.addListener(o -> validate());
        }
        validate();
    }

    /** Fills the form from a saved connection, to edit it. */
    public void load(ConnectionProfile profile) {
        editingId = profile.id();
        name.set(profile.name());
        switch (profile.credentials()) {
            case CredentialsSource.Profile p -> {
                credentialsMode.set(CredentialsMode.PROFILE);
                profileName.set(p.profileName());
            }
            case CredentialsSource.DefaultChain d -> credentialsMode.set(CredentialsMode.DEFAULT_CHAIN);
            case CredentialsSource.LocalPlaceholder l -> credentialsMode.set(CredentialsMode.LOCAL);
        }
        region.set(profile.region());
        endpoint.set(profile.endpoint().map(URI::toString).orElse(""));
        tag.set(profile.tag());
        readOnly.set(profile.readOnly());
        attemptTimeout.set(CallTimeouts.seconds(profile.timeouts().attempt()));
        totalTimeout.set(CallTimeouts.seconds(profile.timeouts().total()));
        validate();
    }

    private void validate() {
        problem.set(firstProblem().orElse(""));
        var regionText = region.get() == null ? "" : region.get().strip();
        hint.set(!regionText.isEmpty() && endpoint.get().isBlank() && !environment.isKnownRegion(regionText)
                ? "'" + regionText + "' is not a region this SDK knows; check the spelling." : "");
    }

    private Optional<String> firstProblem() {
        if (name.get() == null || name.get().isBlank()) {
            return Optional.of("Give the connection a name.");
        }
        if (credentialsMode.get() == CredentialsMode.PROFILE && (profileName.get() == null || profileName.get().isBlank())) {
            return Optional.of("Choose or type an AWS profile name.");
        }
        if (region.get() == null || region.get().isBlank()) {
            return Optional.of("Choose a region.");
        }
        if (credentialsMode.get() == CredentialsMode.LOCAL && endpoint.get().isBlank()) {
            return Optional.of("A local connection needs an endpoint, for example " + LOCAL_ENDPOINT_EXAMPLE + ".");
        }
        if (parseEndpoint().isEmpty() && !endpoint.get().isBlank()) {
            return Optional.of("The endpoint must be an http:// or https:// URL with a host, like " + LOCAL_ENDPOINT_EXAMPLE + ".");
        }
        try {
            timeouts();
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage() + ".");
        }
    }

    private CallTimeouts timeouts() {
        return CallTimeouts.ofSeconds(seconds(attemptTimeout.get(), "attempt"), seconds(totalTimeout.get(), "total"));
    }

    private static double seconds(String text, String which) {
        try {
            var value = Double.parseDouble(text == null ? "" : text.strip());
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("The " + which + " timeout is a number of seconds, like 10");
    }

    private Optional<URI> parseEndpoint() {
        var text = endpoint.get() == null ? "" : endpoint.get().strip();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            var uri = new URI(text);
            var scheme = uri.getScheme();
            return scheme != null && (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
                    ? Optional.of(uri) : Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** The connection the form describes, or empty while {@link #problemProperty()} says what is missing. */
    public Optional<ConnectionProfile> toProfile() {
        validate();
        if (!problem.get().isEmpty()) {
            return Optional.empty();
        }
        CredentialsSource credentials = switch (credentialsMode.get()) {
            case PROFILE -> new CredentialsSource.Profile(profileName.get().strip());
            case DEFAULT_CHAIN -> new CredentialsSource.DefaultChain();
            case LOCAL -> new CredentialsSource.LocalPlaceholder();
        };
        var id = editingId == null ? java.util.UUID.randomUUID().toString() : editingId;
        return Optional.of(new ConnectionProfile(id, name.get(), credentials, region.get(), parseEndpoint().orElse(null),
                readOnly.get(), tag.get(), timeouts()));
    }

    public BooleanBinding validBinding() {
        return Bindings.createBooleanBinding(() -> problem.get().isEmpty(), problem);
    }

    public StringProperty nameProperty() { return name; }
    public ObjectProperty<CredentialsMode> credentialsModeProperty() { return credentialsMode; }
    public StringProperty profileNameProperty() { return profileName; }
    public StringProperty regionProperty() { return region; }
    public StringProperty endpointProperty() { return endpoint; }
    public BooleanProperty readOnlyProperty() { return readOnly; }
    public ObjectProperty<ConnectionTag> tagProperty() { return tag; }
    public StringProperty attemptTimeoutProperty() { return attemptTimeout; }
    public StringProperty totalTimeoutProperty() { return totalTimeout; }
    public ObservableList<AwsProfileSummary> profiles() { return profiles; }
    public ObservableList<String> regions() { return regions; }
    public ReadOnlyStringProperty problemProperty() { return problem.getReadOnlyProperty(); }
    public ReadOnlyStringProperty hintProperty() { return hint.getReadOnlyProperty(); }
    public boolean isEditing() { return editingId != null; }
}
