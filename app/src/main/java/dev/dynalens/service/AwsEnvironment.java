package dev.dynalens.service;

import dev.dynalens.domain.connection.AwsProfileSummary;
import java.util.List;

/** What the local AWS configuration offers: profiles (no secrets) and known regions. */
public interface AwsEnvironment {
    List<AwsProfileSummary> profiles();

    List<String> regions();

    boolean isKnownRegion(String region);
}
