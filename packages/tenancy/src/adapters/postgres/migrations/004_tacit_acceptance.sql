-- What the tenant's RADIAN tacit acceptances (034) do: 'automatic' or 'offer'; NULL is the default, 'offer'
-- (src/radian/tacit-acceptance-setting.ts).
ALTER TABLE tenants ADD COLUMN tacit_acceptance text CHECK (tacit_acceptance IN ('automatic', 'offer'));
