use super::*;

fn err(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn parses_statements_with_positions_and_precedence() {
    let prog = parse("assign(s=story())  # a story\n\n  reward(xed(s | x + \"a\\\"b\"))").unwrap();
    assert_eq!(prog.len(), 2);
    assert_eq!(prog[0].instr, "assign");
    assert_eq!(prog[0].pos, Pos { line: 1, col: 1 });
    let kw = prog[0].args[0].name.clone().unwrap();
    assert_eq!(kw, ("s".to_string(), Pos { line: 1, col: 8 }));
    assert_eq!(prog[1].pos, Pos { line: 3, col: 3 });
    // `|` binds looser than `+`: s | (x + "a\"b").
    let ExprKind::Call(f, args) = &prog[1].args[0].value.kind else {
        panic!()
    };
    assert_eq!(f, "xed");
    let ExprKind::Binary(Op::Pipe, l, r) = &args[0].value.kind else {
        panic!("{:?}", args[0].value)
    };
    assert_eq!(l.kind, ExprKind::Name("s".into()));
    assert_eq!(args[0].value.pos, Pos { line: 3, col: 16 });
    let ExprKind::Binary(Op::Add, _, rr) = &r.kind else {
        panic!()
    };
    assert_eq!(rr.kind, ExprKind::Str("a\"b".into()));
}

#[test]
fn semicolons_separate_statements() {
    let prog = parse("elicit(x, 10); reward(-2 * xent(x));").unwrap();
    assert_eq!(prog.len(), 2);
    assert_eq!(prog[1].pos, Pos { line: 1, col: 16 });
    let ExprKind::Binary(Op::Mul, l, _) = &prog[1].args[0].value.kind else {
        panic!()
    };
    assert!(matches!(l.kind, ExprKind::Neg(_)));
}

#[test]
fn syntax_errors_point_at_line_and_column() {
    assert_eq!(
        err("assign(s=story())\nreward(xed(s | x)"),
        "2:18: expected `)` to close the call, found the end of the statement"
    );
    assert_eq!(err("x = 3"), "1:3: expected `(` after `x`, found `=`");
    assert_eq!(
        err("reward(xent('abc))"),
        "1:13: unterminated string (a string ends on its own line)"
    );
    assert_eq!(err("reward(a $ b)"), "1:10: unexpected character `$`");
    assert_eq!(
        err("reward(s / 2)"),
        "1:10: the operator `/` is not supported (use +, -, * and |)"
    );
    assert_eq!(
        err("ensure(a < b < c)"),
        "1:14: chained comparisons are not supported"
    );
    assert_eq!(
        err("assign(s=x.split())"),
        "1:11: methods, lists and indexing are not supported"
    );
    assert_eq!(
        err("reward() reward()"),
        "1:10: expected the end of the statement after `reward(...)`, found `reward`"
    );
    assert!(err(&"\n".repeat(70)).contains("at most 64"));
}
