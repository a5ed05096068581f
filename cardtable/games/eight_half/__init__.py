"""8½ (8又1/2, `eight_half`): a climbing card game with half values, catches and table cards."""
