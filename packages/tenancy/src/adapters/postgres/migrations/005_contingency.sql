-- When the tenant's invoices are contingency invoices (type 04): 'off', 'automatic' or 'on'; NULL is the default,
-- 'off' (src/contingency/contingency-setting.ts).
ALTER TABLE tenants ADD COLUMN contingency text CHECK (contingency IN ('off', 'automatic', 'on'));
