"""What every text room shares: the line lexer, the grammar's automaton, splitting
files into hands, decoding, the Room declaration and the one parse error."""
