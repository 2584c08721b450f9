package dev.dynalens.service.sql;

import java.util.List;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * One of {@link DynamoFunctions} as SQL sees it: where the Java method takes or returns {@code Object}, SQL sees
 * {@code ANY} (Calcite would otherwise type it {@code OTHER}, which it cannot convert), so a document path, a set or a
 * value of mixed type can be passed and compared.
 */
final class AnyTypedFunction implements ScalarFunction, ImplementableFunction {
    private final ScalarFunctionImpl delegate;
    private final Class<?> returnType;

    private AnyTypedFunction(ScalarFunctionImpl delegate, Class<?> returnType) {
        this.delegate = delegate;
        this.returnType = returnType;
    }

    static AnyTypedFunction of(String name) {
        var method = java.util.Arrays.stream(DynamoFunctions.class.getMethods()).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No function " + name));
        return new AnyTypedFunction((ScalarFunctionImpl) ScalarFunctionImpl.create(method), method.getReturnType());
    }

    @Override
    public RelDataType getReturnType(RelDataTypeFactory types) {
        if (returnType == Object.class) {
            return types.createTypeWithNullability(types.createSqlType(SqlTypeName.ANY), true);
        }
        return delegate.getReturnType(types);
    }

    @Override
    public List<FunctionParameter> getParameters() {
        return delegate.getParameters().stream().map(AnyTypedFunction::any).toList();
    }

    private static FunctionParameter any(FunctionParameter parameter) {
        return new FunctionParameter() {
            @Override
            public int getOrdinal() {
                return parameter.getOrdinal();
            }

            @Override
            public String getName() {
                return parameter.getName();
            }

            @Override
            public RelDataType getType(RelDataTypeFactory types) {
                var type = parameter.getType(types);
                return type.getSqlTypeName() == SqlTypeName.OTHER
                        ? types.createTypeWithNullability(types.createSqlType(SqlTypeName.ANY), true) : type;
            }

            @Override
            public boolean isOptional() {
                return parameter.isOptional();
            }
        };
    }

    @Override
    public CallImplementor getImplementor() {
        return delegate.getImplementor();
    }
}
