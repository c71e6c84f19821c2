"""The Python SDK's own tests, in plain CPython (tests/e2e/python_games.rs runs them, and
compares what must equal the Rust SDK's against it)."""

import dataclasses
import json
import unittest
from typing import List, Literal, Optional

import frost_game as fg
from frost_game import config, rules, testing, wire, words


@dataclasses.dataclass
class Cfg:
    n: int = 2
    name: str = "x"
    mode: Literal["a", "b"] = "a"
    scale: float = 1.0
    tags: List[str] = dataclasses.field(default_factory=list)
    limit: Optional[int] = None


class G(fg.Game):
    NAME, VERSION, DESCRIPTION = "g", "1", "test"
    Config = Cfg

    def requirements(self, c):
        return fg.Requirements.new(c.n, [5])

    def new_round(self, c, seed, passages):
        term = fg.JudgeTerm(1.0).context_move().scored_tokens(passages[0].token_ids)
        return fg.Round.new(fg.Chat([fg.ChatMessage.user(passages[0].text)]), [term])


class ConfigTest(unittest.TestCase):
    def test_defaults_unknown_fields_and_types(self):
        self.assertEqual(config.parse(Cfg, ""), Cfg())
        self.assertEqual(config.parse(Cfg, '{"n": 5, "scale": 2}').n, 5)
        self.assertEqual(config.parse(Cfg, '{"scale": 2}').scale, 2.0)
        self.assertEqual(config.parse(Cfg, '{"limit": null, "tags": ["a"]}').tags, ["a"])
        for bad, says in [
            ('{"m": 1}', "unknown field `m`"),
            ('{"n": true}', "field `n`: invalid type"),
            ('{"n": "3"}', "field `n`: invalid type"),
            ('{"mode": "c"}', "unknown variant"),
            ('{"tags": ["a", 1]}', "field `tags[1]`"),
            ("[1]", "expected a JSON object"),
            ("{", "invalid config"),
        ]:
            with self.assertRaises(config.ConfigError) as e:
                config.parse(Cfg, bad)
            self.assertIn(says, str(e.exception), bad)

    def test_default_json_and_schema(self):
        self.assertEqual(
            config.default_json(Cfg),
            '{"n":2,"name":"x","mode":"a","scale":1.0,"tags":[],"limit":null}',
        )
        schema = json.loads(config.schema(Cfg))
        self.assertEqual(schema["properties"]["mode"]["enum"], ["a", "b"])
        self.assertEqual(schema["properties"]["limit"]["type"], ["integer", "null"])
        self.assertFalse(schema["additionalProperties"])

    def test_the_games_shared_config_checks(self):
        # The prompt style is the Rust SDK's enum: "chat" or "raw", anything else refused.
        @dataclasses.dataclass
        class Styled:
            prompt: fg.PromptStyle = "chat"

        self.assertEqual(config.parse(Styled, '{"prompt": "raw"}').prompt, "raw")
        self.assertEqual(json.loads(config.schema(Styled))["properties"]["prompt"]["enum"],
                         ["chat", "raw"])
        with self.assertRaises(config.ConfigError):
            config.parse(Styled, '{"prompt": "plain"}')
        # The move length check names the key, in the Rust SDK's words.
        fg.check_move_tokens("gap_tokens", 1)
        fg.check_move_tokens("gap_tokens", 256)
        for n in [0, 257]:
            with self.assertRaises(fg.Rejected) as e:
                fg.check_move_tokens("gap_tokens", n)
            self.assertEqual(str(e.exception), f"gap_tokens must be 1..=256, got {n}")


class TypesTest(unittest.TestCase):
    def test_text_between_widens_to_whole_characters(self):
        # "é" is two bytes split over two byte-level tokens (the Rust SDK's case).
        p = fg.Passage("aé b", [1, 2, 3, 4], [(0, 1), (1, 2), (2, 3), (3, 5)])
        self.assertEqual(p.text_between(0, 2), "aé")
        self.assertEqual(p.text_between(2, 4), "é b")
        self.assertEqual(p.text_between(0, 4), "aé b")
        self.assertEqual(p.text_between(3, 3), "")

    def test_builders_read_like_the_rust_sdks(self):
        t = fg.JudgeTerm(0.5).with_bos().context_text("a").context_move().scored_tokens([1])
        self.assertEqual(
            [(type(s.content).__name__, s.scored) for s in t.segments],
            [("Text", False), ("Move", False), ("Tokens", True)],
        )
        self.assertTrue(t.bos)
        req = fg.Requirements.new(0, [3]).with_moves([2, 3])
        self.assertEqual((req.move_tokens, req.moves), (5, [2, 3]))


class RulesTest(unittest.TestCase):
    def setUp(self):
        self.req = fg.Requirements.new(2, [3])

    def rule(self, round):
        with self.assertRaises(rules.RuleError) as e:
            rules.validate_round(round, self.req, 100)
        return e.exception.rule

    def test_the_hosts_rules(self):
        prompt = fg.Raw([fg.Tokens([1, 2])])
        ok = fg.Round.new(prompt, [fg.JudgeTerm(1.0).context_move().scored_tokens([5])])
        rules.validate_round(ok, self.req, 100)
        no_move = fg.Round.new(prompt, [fg.JudgeTerm(1.0).scored_tokens([5])])
        self.assertEqual(self.rule(no_move), "the judge program has a move slot")
        two = fg.Round.new(prompt, [fg.JudgeTerm(1.0).context_move().scored_move()])
        self.assertEqual(self.rule(two), "at most one move slot per judge term")
        big = fg.Round.new(prompt, [fg.JudgeTerm(1.0).context_move().scored_tokens([100])])
        self.assertEqual(self.rule(big), "token ids are below the vocabulary size")
        ref = fg.Round.new(prompt, [fg.JudgeTerm(1.0).scored_move()]).with_reference_move([1])
        self.assertEqual(self.rule(ref), "the reference move has the move's length")
        words_ = fg.Round.new(prompt, [fg.JudgeTerm(1.0).scored_move()]).with_banned_words(["a b"])
        self.assertEqual(self.rule(words_), "a word list holds single words")
        with self.assertRaises(rules.RuleError):
            rules.validate_requirements(fg.Requirements.new(257, [3]), fg.limits.GameLimits())


class WireTest(unittest.TestCase):
    def test_a_malformed_reply_names_where(self):
        r = fg.Round.new(fg.Chat([fg.ChatMessage.user("x")]), [fg.JudgeTerm(1.0).scored_move()])
        wire.check_round(r)
        r.reference_move = "abc"
        with self.assertRaisesRegex(wire.MalformedReply, r"round.reference_move: expected a list"):
            wire.check_round(r)
        r.reference_move = [1 << 32]
        with self.assertRaisesRegex(wire.MalformedReply, r"round.reference_move\[0\]"):
            wire.check_round(r)
        with self.assertRaisesRegex(wire.MalformedReply, r"new_round\(\): expected Round"):
            wire.check_round({"prompt": "x"})

    def test_deep_values_and_lone_surrogates_are_named_not_crashed_on(self):
        r = fg.Round.new(fg.Chat([fg.ChatMessage.user("x")]), [fg.JudgeTerm(1.0).scored_move()])
        deep: list = []
        for _ in range(100_000):
            deep = [deep]
        r.reference_move = deep
        with self.assertRaisesRegex(wire.MalformedReply, r"reference_move\[0\]: .* list \[\[\["):
            wire.check_round(r)
        r.reference_move = None
        r.prompt = fg.Chat([fg.ChatMessage.user("a lone surrogate: \udcff")])
        with self.assertRaisesRegex(wire.MalformedReply, r"messages\[0\].content: not valid UTF-8"):
            wire.check_round(r)


class WordsTest(unittest.TestCase):
    def test_words_and_pieces_as_the_rust_sdk(self):
        self.assertEqual(
            words.words("The cat's hat, the CAT!  end-game"),
            ["the", "cats", "hat", "the", "cat", "endgame"],
        )
        self.assertEqual(words.words("ΟΔΟΣ ΟΔΟΣ. ΣΑ Σ"), ["οδος", "οδος", "σα", "σ"])
        self.assertEqual(words.pieces("a  b"), ["a", "", "b"])
        self.assertTrue(words.only_uses_words("sun moon owl", "owl sun owl"))
        self.assertFalse(words.only_uses_words("sun moon", "sun  moon"))


class TestingTest(unittest.TestCase):
    def test_check_rounds_finds_what_the_host_would_refuse(self):
        self.assertEqual(len(testing.check_rounds(G(), "", range(3))), 3)
        with self.assertRaisesRegex(testing.GameCheckFailed, "rejected the config: invalid config"):
            testing.check_rounds(G(), '{"m": 1}', range(1))
        with self.assertRaisesRegex(testing.GameCheckFailed, "move length is 1..=256"):
            testing.check_rounds(G(), '{"n": 300}', range(1))
        with self.assertRaisesRegex(testing.GameCheckFailed, "passage 0 has 2 tokens"):
            testing.check_round(G(), "", 0, [testing.tokenize("one two")])

    def test_a_round_that_differs_on_replay_is_caught(self):
        calls = []

        class Impure(G):
            def new_round(self, c, seed, passages):
                calls.append(1)
                return super().new_round(c, seed, passages).with_banned_token_ids([len(calls)])

        with self.assertRaisesRegex(testing.GameCheckFailed, "gave another round"):
            testing.check_rounds(Impure(), "", range(1))

    def test_tokens_tile_the_text(self):
        self.assertEqual(
            testing.split_tokens("Oh dear!\n\n“Late” "), ["Oh", " dear!", "\n\n“Late”", " "]
        )
        p = testing.tokenize("  two  words")
        self.assertEqual(p.offsets, [(0, 5), (5, 12)])
        self.assertEqual(p.text_between(1, 2), "  words")


class ManifestTest(unittest.TestCase):
    def test_export_fills_empty_names_from_the_modules_manifest(self):
        import os
        import sys
        import tempfile
        import types

        from frost_game import manifest

        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, manifest.FILE), "w") as f:
                f.write('name = "m-game"\nversion = "1.2.3"\ndescription = \'A "quoted" one.\'\n')
            module = types.ModuleType("m_game_module")
            module.__file__ = os.path.join(d, "game.py")
            sys.modules[module.__name__] = module
            try:
                class M(fg.Game):
                    VERSION = "9.9.9"  # set by the class: kept (game-check --validate compares)

                M.__module__ = module.__name__
                fg.export(M)
                self.assertEqual((M.NAME, M.VERSION, M.DESCRIPTION), ("m-game", "9.9.9", 'A "quoted" one.'))
            finally:
                del sys.modules[module.__name__]

        class N(fg.Game):
            pass

        fg.export(N)  # no manifest beside this test: nothing filled, nothing raised
        self.assertEqual(N.NAME, "")

if __name__ == "__main__":
    unittest.main()
