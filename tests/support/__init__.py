"""What the tests share: paths, importing, databases, the dashboard under AppTest."""
