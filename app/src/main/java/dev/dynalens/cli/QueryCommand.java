package dev.dynalens.cli;

import dev.dynalens.domain.table.QueryForm;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.RunQuery;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "query", description = "Query one partition of a table or index; items as JSON lines on stdout.")
final class QueryCommand extends ReadCommand {
    @Parameters(index = "0", paramLabel = "TABLE")
    String table;

    @Option(names = "--pk", required = true, paramLabel = "VALUE", description = "Partition key value (typed by the key schema).")
    String partitionValue;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    SortKeyOptions sortKey;

    @Option(names = "--descending", description = "Newest / highest sort key first (ScanIndexForward=false).")
    boolean descending;

    static final class SortKeyOptions {
        @Option(names = "--sk", paramLabel = "VALUE", description = "Sort key = VALUE") String eq;
        @Option(names = "--sk-lt", paramLabel = "VALUE", description = "Sort key < VALUE") String lt;
        @Option(names = "--sk-le", paramLabel = "VALUE", description = "Sort key <= VALUE") String le;
        @Option(names = "--sk-gt", paramLabel = "VALUE", description = "Sort key > VALUE") String gt;
        @Option(names = "--sk-ge", paramLabel = "VALUE", description = "Sort key >= VALUE") String ge;
        @Option(names = "--sk-begins-with", paramLabel = "PREFIX", description = "begins_with(sort key, PREFIX)") String beginsWith;
        @Option(names = "--sk-between", arity = "2", paramLabel = "VALUE", description = "Sort key BETWEEN LOW AND HIGH") List<String> between;

        /** A Query of one partition narrowed by the given sort-key option ({@code options} null: the whole partition). */
        static QueryForm form(SortKeyOptions options, String index, String partitionValue, boolean forward, Integer limit) {
            SortKeyCondition.Operator operator = null;
            String low = null;
            String high = null;
            if (options != null) {
                if (options.between != null) {
                    operator = SortKeyCondition.Operator.BETWEEN;
                    low = options.between.get(0);
                    high = options.between.get(1);
                } else {
                    operator = options.eq != null ? SortKeyCondition.Operator.EQ
                            : options.lt != null ? SortKeyCondition.Operator.LT
                            : options.le != null ? SortKeyCondition.Operator.LE
                            : options.gt != null ? SortKeyCondition.Operator.GT
                            : options.ge != null ? SortKeyCondition.Operator.GE
                            : SortKeyCondition.Operator.BEGINS_WITH;
                    low = firstNonNull(options.eq, options.lt, options.le, options.gt, options.ge, options.beginsWith);
                }
            }
            return new QueryForm(index, partitionValue, operator, low, high, forward, limit);
        }
    }

    @Override
    String table() {
        return table;
    }

    /** DescribeTable first: the key condition is typed by the key schema of the table or index. */
    @Override
    ReadRequest firstRequest(RunQuery query, DynamoSession session) {
        TableDescription description = session.describeTable(table).join();
        try {
            return query.request(new RunQuery.Form.Query(SortKeyOptions.form(sortKey, index, partitionValue, !descending, requestLimit())),
                    description);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }

    private static String firstNonNull(String... values) {
        for (var v : values) if (v != null) return v;
        throw new IllegalStateException("no sort-key option");
    }
}
