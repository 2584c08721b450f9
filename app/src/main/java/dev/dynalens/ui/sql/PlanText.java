package dev.dynalens.ui.sql;

import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.service.sql.SqlPlan;

/** A plan as the SQL tab's plan pane shows it: each request, its placeholders' values as DynamoDB JSON, the total. */
final class PlanText {
    private PlanText() {
    }

    static String of(SqlPlan plan) {
        var text = new StringBuilder();
        for (var request : plan.requests()) {
            text.append(request.summary()).append('\n');
            if (!request.names().isEmpty()) {
                text.append("    names ").append(request.names()).append('\n');
            }
            request.values().forEach((name, value) -> text.append("    ").append(name).append(" = ").append(DynamoJsonCodec.writeValue(value))
                    .append('\n'));
            if (!request.note().isEmpty()) {
                text.append("    ").append(request.note()).append('\n');
            }
        }
        text.append("Estimated ").append(plan.estimatedRcu()).append(" RCU in ").append(plan.requests().size())
                .append(" request(s)").append(plan.scans() ? " — it Scans" : "");
        return text.toString();
    }
}
