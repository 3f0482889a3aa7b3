"""Middle-earth CCG: company vs. company combat."""
