import pytest

pytest.register_assert_rewrite(__name__ + ".helpers")   # helpers assert on behalf of the tests
