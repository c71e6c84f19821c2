"""Plays rounds of {{name}} the way the host will, in plain CPython: `python3 -m unittest`."""

import unittest

from frost_game.testing import GameCheckFailed, check_round, check_rounds, tokenize

from game import Bridge


class TestGame(unittest.TestCase):
    def test_rounds_pass_the_host_rules(self):
        self.assertEqual(len(check_rounds(Bridge(), "", range(20))), 20)
        check_rounds(Bridge(), '{"move_tokens": 8}', range(20))
        with self.assertRaisesRegex(GameCheckFailed, "move_tokens"):
            check_rounds(Bridge(), '{"move_tokens": 0}', range(1))

    def test_the_move_is_between_context_and_target(self):
        config = '{"context_tokens": 2, "move_tokens": 1, "target_tokens": 2}'
        p = tokenize("one two three four five")
        round = check_round(Bridge(), config, 0, [p])
        self.assertEqual(round.reference_move, [p.token_ids[2]])


if __name__ == "__main__":
    unittest.main()
