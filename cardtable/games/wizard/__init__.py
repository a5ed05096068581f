"""Wizard (神機妙算): trick-taking with bids; rules, variants, AI and the score pad."""
