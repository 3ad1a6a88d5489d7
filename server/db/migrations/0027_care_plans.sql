-- Filled in with the feature; until then it changes nothing.
SELECT 1;
