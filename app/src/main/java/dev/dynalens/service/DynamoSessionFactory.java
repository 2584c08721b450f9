package dev.dynalens.service;

import dev.dynalens.domain.connection.ConnectionProfile;

/** Opens sessions; one client per open connection. */
public interface DynamoSessionFactory {
    DynamoSession open(ConnectionProfile profile);
}
