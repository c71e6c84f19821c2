//! The error messages of `.xent` programs and configs: each names the place and the problem,
//! end to end through the game's own API.

use crate::tests::{config, err, CONDENSE};
use crate::Xent;
use frost_sdk::Game;

#[test]
fn a_path_given_as_the_program_says_how_to_read_a_file() {
    for path in ["games/alethiometer.xent", "/tmp/x.xent", "Horizon.xent"] {
        let e = config(path).plan(&[]).unwrap_err();
        assert!(e.contains("program=@FILE"), "{path}: {e}");
    }
    let e = config("elicit(x, 3)\nreward(xnt(x))")
        .plan(&[])
        .unwrap_err();
    assert!(!e.contains("@FILE"), "{e}");
}

#[test]
fn errors_name_the_place_and_the_problem() {
    let cases = [
        (
            "elicit(x, 3)\nreward(xnt(x))",
            "program:2:8: unknown function `xnt`",
        ),
        (
            "elicit(x, 3)\nreward(xent(q))",
            "program:2:13: unknown name `q`",
        ),
        (
            "elicit(x, 3)\nreward(xent(x) + \"a\")",
            "program:2:16: type error: a score and a string",
        ),
        (
            "elicit(x, 3)\nreward(xent(3))",
            "program:2:13: `xent` takes a string or",
        ),
        (
            "elicit(x, 3)\nreward(x)",
            "program:2:8: reward takes a score",
        ),
        (
            "elicit(x, 3)\nassign(a=x)",
            "program:2:8: register `a` is static",
        ),
        ("elicit(x, 300)", "program:1:11: the move's length must be"),
        (
            "elicit(x, 3)\nreward(xent(x | x))",
            "program:2:8: `xent` reads the moves apart or out of order",
        ),
        (
            "elicit(x, 3)\nelicit(y, 3)\nreward(xent(x | y))",
            "program:3:8: `xent` reads the moves apart or out of order",
        ),
        (
            "elicit(x, 3)\nelicit(x, 3)",
            "program:2:8: `x` is elicited twice",
        ),
        (
            "elicit(x, 3)\nensure(xent(x) == 2)\nreward(xent(x))",
            "program:2:16: `==` and `!=` on judge quantities",
        ),
        (
            "elicit(x, 3)\nensure(only_uses_words(\"a\", \"b\" + x))\nreward(xent(x))",
            "program:2:8: `only_uses_words` on the move inside a longer string",
        ),
        (
            "elicit(x, 3)\nreward(alice, xent(x))",
            "program:2:8: reward to `alice`",
        ),
        ("elicit(white, x, 3)", "program:1:8: elicit from `white`"),
        (
            "assign(s=story())\nreward(xent(s))",
            "program:1:1: the program never elicits",
        ),
        (
            "assign(s=story())\nelicit(x, 3)\nreward(xed(s))",
            "program:2:1: no reward depends on the move",
        ),
        (
            "elicit(x, 3)\nreplay(flag_1, 2)",
            "program:2:1: `replay` is not supported",
        ),
        (
            "elicit(x, 3)\nreward(sample(x))",
            "program:2:8: the Xent function `sample` is not supported",
        ),
        (
            "ensure(1 > 0)",
            "program:1:1: ensure must come after an elicit",
        ),
        (
            "elicit(x, 3)\nensure(1 > 2)",
            "program:2:10: this condition is always false",
        ),
        (
            "elicit(x, 3)\nensure(x > 2)",
            "program:2:10: type error: cannot compare a string",
        ),
        (
            "elicit(x, 3)\nfoo(x)",
            "program:2:1: unknown instruction `foo`",
        ),
        (
            "elicit(x, 3)\nreward(xent(x | remove_common_words(x, x)))",
            "program:2:17: `remove_common_words` is supported",
        ),
        (
            "assign(s=story(1))",
            "program:1:16: a story's length must be",
        ),
    ];
    for (program, want) in cases {
        let e = Xent::requirements(&config(program)).expect_err(program);
        assert!(e.starts_with(want), "{program:?}:\n got  {e}\n want {want}");
    }
    let mut c = config(CONDENSE);
    c.story_tokens = 1;
    assert!(err(&c).starts_with("story_tokens must be at least 2"));
}
