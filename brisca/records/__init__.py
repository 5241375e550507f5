# Game records and replay codes: brisca.notation loads these on first use; nothing is imported
# here.
